/* probe-names.c - the probe's checks and results by name, and what each
 * check is about: its capability, the weakest tier that runs it, whether
 * it gates a tier (probe.h, probe-int.h). */
#include <string.h>

#include "probe-int.h"
#include "probe.h"

static const char *const check_names[PROBE_CHECK_COUNT] = {
	[PROBE_CHECK_SHELL] = "shell",
	[PROBE_CHECK_WRITE_ALLOWED] = "write-allowed",
	[PROBE_CHECK_CREATE_ALLOWED] = "create-allowed",
	[PROBE_CHECK_WRITE_DENIED] = "write-denied",
	[PROBE_CHECK_CREATE_DENIED] = "create-denied",
	[PROBE_CHECK_DELETE_DENIED] = "delete-denied",
	[PROBE_CHECK_EXEC_DENIED] = "exec-denied",
	[PROBE_CHECK_READ_FENCED] = "read-fenced",
	[PROBE_CHECK_READ_SYSTEM] = "read-system",
	[PROBE_CHECK_EXEC_MAPPED] = "exec-mapped",
	[PROBE_CHECK_NET_TCP] = "net-tcp",
	[PROBE_CHECK_NET_UDP] = "net-udp",
	[PROBE_CHECK_NET_DNS] = "net-dns",
	[PROBE_CHECK_NET_IFACE] = "net-iface",
};

static const char *const result_names[] = {
	[PROBE_RESULT_OK] = "ok",
	[PROBE_RESULT_FAILED] = "failed",
	[PROBE_RESULT_NA] = "n/a",
};

const char *probe_check_name(enum probe_check_id id)
{
	return (unsigned)id < PROBE_CHECK_COUNT ? check_names[id] : "?";
}

const char *probe_result_name(enum probe_result r)
{
	return (unsigned)r < sizeof(result_names) / sizeof(result_names[0]) ? result_names[r] : "?";
}

int probe_check_cap(enum probe_check_id id)
{
	switch (id) {
	case PROBE_CHECK_SHELL:
	case PROBE_CHECK_NET_TCP:
	case PROBE_CHECK_NET_UDP:
	case PROBE_CHECK_NET_DNS:
	case PROBE_CHECK_NET_IFACE:
	case PROBE_CHECK_COUNT:
		return -1;
	case PROBE_CHECK_WRITE_ALLOWED:
	case PROBE_CHECK_WRITE_DENIED:
		return FSJ_CAP_WRITE;
	case PROBE_CHECK_CREATE_ALLOWED:
	case PROBE_CHECK_CREATE_DENIED:
		return FSJ_CAP_CREATE;
	case PROBE_CHECK_DELETE_DENIED:
		return FSJ_CAP_DELETE;
	case PROBE_CHECK_EXEC_DENIED:
	case PROBE_CHECK_EXEC_MAPPED:
		return FSJ_CAP_EXECUTE;
	case PROBE_CHECK_READ_FENCED:
	case PROBE_CHECK_READ_SYSTEM:
		return FSJ_CAP_READ;
	}
	return -1;
}

enum fsj_tier probe_check_min_tier(enum probe_check_id id)
{
	switch (id) {
	case PROBE_CHECK_EXEC_DENIED:
	case PROBE_CHECK_EXEC_MAPPED:
		return FSJ_TIER_PROCESS;
	case PROBE_CHECK_READ_FENCED:
		return FSJ_TIER_GUARDED;
	case PROBE_CHECK_READ_SYSTEM:
		return FSJ_TIER_FULL;
	default:
		return FSJ_TIER_WRITES;
	}
}

/* The network checks are about network: deny, which no tier includes, and
 * exec-mapped about the noexec layer, which needs a mount namespace: a
 * machine without them still enforces the tier's capabilities. */
bool probe_check_gates(enum probe_check_id id)
{
	return id < PROBE_CHECK_EXEC_MAPPED;
}

int probe_check_parse(const char *s)
{
	for (int i = 0; i < PROBE_CHECK_COUNT; i++)
		if (strcmp(s, check_names[i]) == 0)
			return i;
	return -1;
}

int probe_result_parse(const char *s)
{
	for (size_t i = 0; i < sizeof(result_names) / sizeof(result_names[0]); i++)
		if (strcmp(s, result_names[i]) == 0)
			return (int)i;
	return -1;
}
