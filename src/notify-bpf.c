/* notify-bpf.c - run the create hook's seccomp program on a call
 * (notify-bpf.h; the check built on it: notify-bpf-check.c). The evaluator follows
 * the kernel's classic-BPF semantics (net/core/filter.c, kernel/seccomp.c
 * seccomp_check_filter(): 32-bit A and X, loads only from struct
 * seccomp_data at aligned offsets, forward jumps only); an instruction it
 * does not know ends the run with SECCOMP_RET_KILL_THREAD, so an odd
 * program fails the check rather than passing it. */
#ifdef __linux__
#include <stdint.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "notify-bpf.h"

uint32_t notify_bpf_run(const struct sock_filter *prog, size_t n, const struct seccomp_data *d)
{
	uint32_t a = 0, x = 0, mem[BPF_MEMWORDS] = { 0 };
	size_t pc = 0;

	while (pc < n) {
		const struct sock_filter *f = &prog[pc++];
		uint32_t src = BPF_SRC(f->code) == BPF_X ? x : f->k;
		bool jump;

		switch (f->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (f->k % 4 || f->k > sizeof(*d) - 4)
				return 0;
			memcpy(&a, (const char *)d + f->k, 4);
			continue;
		case BPF_LD | BPF_W | BPF_LEN:
			a = sizeof(*d);
			continue;
		case BPF_LD | BPF_IMM:
			a = f->k;
			continue;
		case BPF_LDX | BPF_IMM:
			x = f->k;
			continue;
		case BPF_LD | BPF_MEM:
		case BPF_LDX | BPF_MEM:
		case BPF_ST:
		case BPF_STX:
			if (f->k >= BPF_MEMWORDS)
				return 0;
			if (f->code == BPF_ST || f->code == BPF_STX)
				mem[f->k] = f->code == BPF_ST ? a : x;
			else if (f->code == (BPF_LD | BPF_MEM))
				a = mem[f->k];
			else
				x = mem[f->k];
			continue;
		case BPF_MISC | BPF_TAX:
			x = a;
			continue;
		case BPF_MISC | BPF_TXA:
			a = x;
			continue;
		case BPF_RET | BPF_K:
			return f->k;
		case BPF_RET | BPF_A:
			return a;
		case BPF_JMP | BPF_JA:
			if (f->k >= n - pc)
				return 0;
			pc += f->k;
			continue;
		default:
			break;
		}
		if (BPF_CLASS(f->code) == BPF_ALU) {
			switch (BPF_OP(f->code)) {
			case BPF_ADD: a += src; break;
			case BPF_SUB: a -= src; break;
			case BPF_MUL: a *= src; break;
			case BPF_AND: a &= src; break;
			case BPF_OR: a |= src; break;
			case BPF_XOR: a ^= src; break;
			case BPF_LSH: a = src < 32 ? a << src : 0; break;
			case BPF_RSH: a = src < 32 ? a >> src : 0; break;
			case BPF_NEG: a = -a; break;
			case BPF_DIV:
				if (!src)
					return 0;
				a /= src;
				break;
			default:
				return 0;
			}
			continue;
		}
		if (BPF_CLASS(f->code) != BPF_JMP)
			return 0;
		switch (BPF_OP(f->code)) {
		case BPF_JEQ: jump = a == src; break;
		case BPF_JGT: jump = a > src; break;
		case BPF_JGE: jump = a >= src; break;
		case BPF_JSET: jump = (a & src) != 0; break;
		default: return 0;
		}
		if ((size_t)(jump ? f->jt : f->jf) >= n - pc)
			return 0;
		pc += jump ? f->jt : f->jf;
	}
	return 0; /* ran off the end: the kernel refuses such a program */
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int notify_bpf_not_this_system;
#endif /* __linux__ */
