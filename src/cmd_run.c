/* cmd_run.c - `fsjail run`: load the policy, compile it for the backend
 * and the tier, and run the command under it (DESIGN.md section 1). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "absentid.h"
#include "ask.h"
#include "backup.h"
#include "broker.h"
#include "cmd.h"
#include "exit-free.h"
#include "hidetrack.h"
#include "inforce.h"
#include "autorun.h"
#include "launch.h"
#include "linkkeep-journal.h"
#include "linkkeep.h"
#include "mask-probe.h"
#include "notify.h"
#include "path.h"
#include "probe-status.h"
#include "refusal.h"
#include "repometa.h"
#include "runmsg-planted.h"
#include "runrepos.h"
#include "runmsg-failed.h"
#include "runmsg.h"
#include "runmsg-phase.h"
#include "runmsg-start.h" /* and runmsg-unseen.h */
#include "run-tier.h"
#include "runtmp-end.h"
#include "sbpl-logrun.h"
#include "sandbox.h"
#include "session.h"
#include "status-warn.h" /* and status-grants.h */
#include "timing.h"
#include "toolcache-make.h"

int cmd_run(int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_COMMON_LONGOPTS,
		{ "backend", required_argument, NULL, CMD_OPT_BACKEND },
		{ "network", required_argument, NULL, CMD_OPT_NETWORK },
		{ "accept-partial", no_argument, NULL, CMD_OPT_ACCEPT_PARTIAL },
		{ "ask", no_argument, NULL, CMD_OPT_ASK },
		{ "yes-once", no_argument, NULL, CMD_OPT_YES_ONCE },
		{ "answer-deny", no_argument, NULL, CMD_OPT_ANSWER_DENY },
		/* --deny CAPS:PATH (or --deny=CAPS:PATH): a session deny rule
		 * (session.h); --deny alone: --answer-deny's old spelling */
		{ "deny", optional_argument, NULL, CMD_OPT_DENY },
		{ "grant", required_argument, NULL, CMD_OPT_GRANT },
		{ "session", required_argument, NULL, CMD_OPT_SESSION },
		{ "quiet", no_argument, NULL, CMD_OPT_QUIET },
		{ "report", required_argument, NULL, CMD_OPT_REPORT },
		{ "status-fd", required_argument, NULL, CMD_OPT_STATUS_FD },
		{ "status-detail", no_argument, NULL, CMD_OPT_STATUS_DETAIL },
		{ "ask-fd", required_argument, NULL, CMD_OPT_ASK_FD },
		{ "answer-fd", required_argument, NULL, CMD_OPT_ANSWER_FD },
		{ NULL, 0, NULL, 0 },
	};
	/* --ask: decide the command's effects first and ask for what is
	 * missing (ask.h); -c LINE runs `bash -c LINE` */
	bool ask = false;
	struct ask_how how = { ASK_TTY, -1, -1 };
	char *c_argv[4] = { "bash", "-c", NULL, NULL };
	char **cmd_argv;
	struct fsj_ctx_opts opts = { 0 };
	const char *network_arg = NULL;
	bool accept_partial = false;
	int backend = fsj_backend_native();
	bool ran = false; /* under Landlock: reads are refused unseen */
	struct fsj_ctx ctx;
	struct fsj_error err = { { 0 } };
	struct fsj_policy *pol = NULL;
	struct sandbox *sb = NULL;
	struct hidetrack *hidden = NULL; /* what a read deny hides that git tracks */
	struct absentid *ids = NULL; /* the rules' folders by identity (absentid.h) */
	struct broker *broker = NULL;
	const char *session = NULL;
	bool nested = false; /* inside another run: its broker may serve ours */
	struct runmsg msg = RUNMSG_INIT;
	struct strbuf gaps = STRBUF_INIT; /* what the probe found network: deny leaves open */
	cleanup_free char *line_text = NULL, *state_sub = NULL; /* line_text: the command line */
	char *run_tmp = NULL; /* the run's private folder (TMUX_TMPDIR) */
	int opt, tier, status, made = 0;
	struct autorun *autorun = NULL; /* editor and agent files at the start */
	struct status_absent *absent = NULL; /* grants on paths absent at start */
	size_t n_absent = 0;

	launch_signals_early(); /* before anything is written to a pipe */

	while ((opt = getopt_long(argc, argv, "+c:", longopts, NULL)) != -1) {
		if (cmd_common_option(opt, optarg, &opts))
			continue;
		switch (opt) {
		case CMD_OPT_ASK:
			ask = true;
			break;
		case CMD_OPT_YES_ONCE:
			ask = true;
			how.mode = ASK_YES_ONCE;
			break;
		case CMD_OPT_DENY:
			if (optind < argc && session_rule_like(argv[optind])) {
				(void)cmd_common_option(opt, argv[optind++], &opts);
				break;
			}
			ask = true; /* --deny alone: the old spelling of --answer-deny */
			how.mode = ASK_DENY;
			break;
		case CMD_OPT_ANSWER_DENY:
			ask = true;
			how.mode = ASK_DENY;
			break;
		case 'c':
			c_argv[2] = optarg;
			break;
		case CMD_OPT_BACKEND:
			backend = fsj_backend_parse(optarg);
			if (backend < 0) {
				fprintf(stderr, "fsjail: run: unknown backend '%s' (landlock, seatbelt, null)\n",
					optarg);
				return FSJ_EXIT_ERROR;
			}
			break;
		case CMD_OPT_NETWORK:
			network_arg = optarg;
			break;
		case CMD_OPT_ACCEPT_PARTIAL:
			accept_partial = true;
			break;
		case CMD_OPT_SESSION:
			if (!broker_session_valid(optarg)) {
				fprintf(stderr, "fsjail: run: invalid session id '%s' "
						"(1 to 64 of A-Z a-z 0-9 . _ -)\n", optarg);
				return FSJ_EXIT_ERROR;
			}
			session = optarg;
			break;
		case CMD_OPT_QUIET:
			msg.quiet = true;
			break;
		case CMD_OPT_REPORT:
			msg.report_path = optarg;
			break;
		case CMD_OPT_STATUS_FD:
			if ((msg.status_fd = runmsg_parse_fd("--status-fd", optarg)) < 0)
				return FSJ_EXIT_ERROR;
			break;
		case CMD_OPT_STATUS_DETAIL:
			msg.detail = true;
			break;
		case CMD_OPT_ASK_FD:
			if ((how.ask_fd = runmsg_parse_fd("--ask-fd", optarg)) < 0)
				return FSJ_EXIT_ERROR;
			break;
		case CMD_OPT_ANSWER_FD:
			if ((how.answer_fd = runmsg_parse_fd("--answer-fd", optarg)) < 0)
				return FSJ_EXIT_ERROR;
			break;
		case CMD_OPT_HELP:
			cmd_usage(stdout, "run");
			return FSJ_EXIT_OK;
		default:
			cmd_bad_option("run", argc, argv, longopts);
			return FSJ_EXIT_ERROR;
		}
	}
	/* from here on a mistake is also an "exited" record on --status-fd */
	if ((how.ask_fd >= 0) != (how.answer_fd >= 0)) {
		fsj_error_set(&err, NULL, 0, 0, "run: --ask-fd and --answer-fd go together");
		goto refuse_early;
	}
	if (how.ask_fd >= 0) {
		if (how.mode != ASK_TTY) {
			fsj_error_set(&err, NULL, 0, 0, "run: --ask-fd cannot be given with "
				      "--yes-once or --answer-deny");
			goto refuse_early;
		}
		ask = true;
		how.mode = ASK_FD;
		/* the command never sees the harness's ask channel */
		(void)fcntl(how.ask_fd, F_SETFD, FD_CLOEXEC);
		(void)fcntl(how.answer_fd, F_SETFD, FD_CLOEXEC);
	}
	if (msg.detail && msg.status_fd < 0) {
		fsj_error_set(&err, NULL, 0, 0, "run: --status-detail needs --status-fd");
		goto refuse_early;
	}
	if (c_argv[2] && optind < argc) {
		fsj_error_set(&err, NULL, 0, 0, "run: -c LINE and a command cannot both be given");
		goto refuse_early;
	}
	if (!c_argv[2] && optind >= argc) {
		fsj_error_set(&err, NULL, 0, 0, "run: no command given (see 'fsjail run --help')");
		goto refuse_early;
	}
	cmd_argv = c_argv[2] ? c_argv : argv + optind;
	(void)toolcache_make_npm(getenv("HOME"), cmd_argv, msg.quiet); /* msg32: npm's first use */
	timing_mark("options");
	/* Until the command runs, nothing but fsjail changes the filesystem
	 * (a probe aside: run_tier_choose()): each rule path is resolved once for
	 * the rules, the policy, the broker's fence and the sandbox. */
	path_resolve_memo(PATH_MEMO_ON);
	if (fsj_ctx_load(&opts, &ctx, &err) < 0) {
		path_resolve_memo(PATH_MEMO_OFF);
		goto refuse_early;
	}
	if (!cmd_have_workspace(&ctx, "run")) {
		fsj_error_set(&err, NULL, 0, 0, "no workspace here: %s", ctx.workspace_error);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (network_arg && strcmp(network_arg, "allow") != 0 && strcmp(network_arg, "deny") != 0) {
		fsj_error_set(&err, NULL, 0, 0, "run: unknown network setting '%s' (allow, deny)",
			      network_arg);
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (network_arg)
		ctx.config.network = network_arg[0] == 'a' ? FSJ_NETWORK_ALLOW : FSJ_NETWORK_DENY;

	/* The protected state folder, its sessions/ and hostlock/ exist before
	 * the plan is compiled (made after it, a hidden one is refused: exit
	 * 125, 'did not exist when the plan was compiled, but exists now'). */
	for (size_t i = 0; made >= 0 && i < 2; i++) {
		free(state_sub);
		state_sub = path_join(ctx.env.state_dir, i ? "hostlock" : "sessions");
		if ((made = mkdir_p(state_sub, 0700)) < 0)
			fsj_error_set(&err, NULL, 0, 0, "cannot create state directory '%s': %s",
				      state_sub, strerror(errno));
	}
	linkkeep_journal_dir(ctx.env.foreign ? NULL : ctx.env.state_dir, ctx.workspace);
	if (made < 0) {
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	/* security notes: printed with --quiet too */
	if (ctx.repos && (ctx.repos->budget_hit || ctx.repos->depth_hit))
		fprintf(stderr, "fsjail: note: the search for git repositories in the workspace "
				"stopped early (%s): the folders not searched are protected "
				"whole (rule 'repository-unsearched'); 'fsjail status' lists them\n",
			ctx.repos->budget_hit ? "too many entries" : "folders too deep");
	/* issue 12 item 6: what a grant on a path absent at start cannot do */
	if (!msg.quiet && backend == FSJ_BACKEND_LANDLOCK && ctx.enforce != FSJ_ENFORCE_OFF) {
		status_run_warnings(&ctx, "fsjail: warning: ", stderr);
		n_absent = status_grants_absent(&ctx, &absent);
	}
	/* --report, --status-fd and the audit log, before anything runs */
	if (runmsg_open(&msg, &ctx, &err) < 0) {
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (ctx.enforce == FSJ_ENFORCE_OFF) {
		fprintf(stderr, "fsjail: warning: enforce is off: '%s' runs unconfined, "
				"nothing is enforced by the kernel\n", cmd_argv[0]);
		backend = FSJ_BACKEND_NULL;
		tier = FSJ_TIER_GUARDED; /* compiled for the record, enforced by nobody */
	} else {
		tier = run_tier_choose(&ctx, (enum fsj_backend)backend, &gaps, &err);
		timing_mark("probe cache");
		if (tier < 0) {
			status = FSJ_EXIT_ERROR;
			goto out;
		}
	}
	if (ask) {
		/* the user may change files while asked */
		path_resolve_memo(PATH_MEMO_OFF);
		runmsg_before(&msg); /* a refusal decided now is a record too */
		status = ask_before_run(&ctx, (enum fsj_tier)tier,
					fsj_backend_name((enum fsj_backend)backend), cmd_argv,
					&how, &err);
		runmsg_before_end(&msg, status);
		if (status != 0) {
			if (status == FSJ_EXIT_ERROR && err.text[0])
				cmd_print_error(&err);
			goto out;
		}
	}
	path_resolve_memo(PATH_MEMO_ON);
	if (fsj_ctx_policy(&ctx, (enum fsj_tier)tier, &pol, &err) < 0) {
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	/* what fsjail writes its records to is not the command's to rewrite */
	runmsg_protect(&msg, ctx.env.cwd, pol);
	/* an execute grant without read is not in force (inforce.h) */
	if (!msg.quiet && backend == FSJ_BACKEND_LANDLOCK && ctx.enforce != FSJ_ENFORCE_OFF) {
		struct strbuf w = STRBUF_INIT;

		status_exec_read_warn(&ctx, pol, &w);
		for (char *l = w.buf, *nl; l && *l; l = nl + 1) {
			nl = strchr(l, '\n');
			fprintf(stderr, "fsjail: warning: %.*s\n", (int)(nl - l), l);
		}
		sb_release(&w);
	}
	timing_mark("policy");
	/* The broker (broker.h): its socket is made before the profile is
	 * compiled, so that the Seatbelt profile can name it (the -D
	 * parameter BROKER), and before the fork, so that the child inherits
	 * FSJAIL_BROKER_SOCKET and the socket is there. Its thread starts
	 * only after the fork (launch_after_fork() below). */
	{
		struct strbuf line = STRBUF_INIT;

		for (char **a = cmd_argv; *a; a++) {
			if (a != cmd_argv)
				sb_adds(&line, " ");
			sb_adds(&line, *a);
		}
		/* Inside another fsjail run the state folder is protected:
		 * the outer run's broker (its environment is inherited) serves
		 * the command instead, and this run's profile names no socket
		 * (sandbox-exec inside a Seatbelt sandbox is refused anyway,
		 * exit 71: SBPL-NOTES.md section 7). */
		nested = getenv("FSJAIL_BROKER_SOCKET") != NULL;

		broker = broker_start(&ctx, pol, session, line.buf, &err);
		line_text = sb_detach(&line);
		if (!broker && nested && !session) {
			fprintf(stderr, "fsjail: warning: %s; the enclosing fsjail run's broker "
					"serves the command\n", err.text);
		} else if (!broker) {
			cmd_print_error(&err);
			status = FSJ_EXIT_ERROR;
			goto out;
		}
	}
	notify_set_own_socket(broker ? broker_socket_path(broker) : NULL);
	timing_mark("broker socket");
	sb = sandbox_prepare((enum fsj_backend)backend, pol, &ctx,
			     broker ? broker_socket_path(broker) : NULL, &err);
	notify_set_landlock(sandbox_landlock_plan(sb));
	notify_set_repository(ctx.config.protect_repository);
	run_tmp = runtmp_make();
	notify_set_rendezvous(ctx.workspace, run_tmp);
	notify_take_git_template(repometa_template_dir(ctx.env.home));
	runrepos_keep_gitfiles(ctx.repos);
	if (!sb) {
		char why[sizeof(err.text)];

		memcpy(why, err.text, sizeof(why));
		fsj_error_set(&err, NULL, 0, 0, "cannot enforce tier %s: %s",
			      fsj_tier_name((enum fsj_tier)tier), why);
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	if (!runmsg_gaps(sb, gaps.buf, accept_partial || ctx.config.accept_partial, msg.quiet)) {
		fsj_error_set(&err, NULL, 0, 0, "refusing to run: this kernel enforces the policy "
			      "only in part (--accept-partial not given)");
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	/* the broker never allows what this ruleset refuses the command */
	broker_use_plan(broker, sandbox_landlock_plan(sb));
	/* the listener and the broker decide on a name through any mount of
	 * its folder (absentid.h): the rules' folders, read before the run */
	if (backend == FSJ_BACKEND_LANDLOCK) {
		ids = absentid_new(pol);
		absentid_set_run(ids);
	}
	path_resolve_memo(PATH_MEMO_OFF);
	timing_mark("compile (sandbox_prepare)");
	msg.broker = broker;
	msg.command = line_text;
	msg.pol = pol;
	launch_after_fork(runmsg_after_fork, &msg);
	runmsg_attach(&msg, broker ? broker_session(broker) : getenv("FSJAIL_SESSION_ID"),
		      fsj_tier_name((enum fsj_tier)tier), ctx.workspace);
	autorun = autorun_snap_workspace(ctx.workspace, ctx.repos);
	/* ModifyBackup (backup.h): the run's cycle, handed to the hook. */
	if (backup_run_begin(&ctx, cmd_argv, &err) < 0) {
		cmd_print_error(&err);
		status = FSJ_EXIT_ERROR;
		goto out;
	}
	/* A session id this run made, whose every process ends with the
	 * run: an empty cycle's folders are kept for the next run
	 * (backup_spare.h). */
	backup_run_set_own(broker && !session && !nested && launch_pidns_wanted());
	/* Reads and executes are traced when the report asks (fsjail(1) REFUSALS). */
	notify_set_trace(msg.report_path || ctx.config.report_reads);
	timing_mark("backup cycle, report");
	/* macOS: the run's denials from the unified log (sbpl-logrun.h) */
	if (backend == FSJ_BACKEND_SEATBELT &&
	    sbpl_logrun_start(pol, broker ? getenv("FSJAIL_SESSION_ID") : NULL, &err) < 0)
		fprintf(stderr, "fsjail: warning: %s\n", err.text);
	err.text[0] = '\0';
	ran = backend == FSJ_BACKEND_LANDLOCK;
	runmsg_start_notes(pol, msg.home, ctx.workspace, cmd_argv, msg.quiet);
	/* the index entries below the paths a read deny hides (hidetrack.h) */
	hidden = hidetrack_snap(sandbox_landlock_plan(sb), pol);
	status = launch_run(sb, cmd_argv, &err);
	run_tmp = runtmp_remove_start(run_tmp); /* the command has ended */
	/* the run's symbolic links, where they lead now (linkkeep.h) */
	(void)linkkeep_sweep(pol, stderr);
	if (status == FSJ_EXIT_NOEXEC && launch_last_exec_denied()) {
		runmsg_exec_refused(pol, launch_last_exec_denied());
		ran = false; /* nothing ran: no read was refused unseen */
	}
	(void)sbpl_logrun_stop();
	msg.signal = launch_last_signal();
	timing_mark("launch, run, wait");
	backup_run_end(status);
	timing_mark("backup commit");
	(void)hidetrack_note(hidden, stderr);
	/* security notes, with --quiet too; each also a planted record */
	if (status == FSJ_EXIT_ERROR && err.text[0])
		cmd_print_error(&err);
	else
		runmsg_planted_notes(&ctx, runrepos_changes(&ctx, broker, session || nested), autorun);
	mask_cache_after_run(status == FSJ_EXIT_ERROR && err.text[0], msg.quiet);
	timing_mark("repository rescan");
out:
	path_resolve_memo(PATH_MEMO_OFF);
	launch_after_fork(NULL, NULL);
	runmsg_end(&msg, status, status == FSJ_EXIT_ERROR && (!msg.started || err.text[0]) ?
					 (err.text[0] ? err.text : "fsjail failed before the command ran") :
					 NULL);
	/* user10: a grant on a folder absent at start that the run made (npm
	 * making ~/.npm under examples/agent-in-repo.yaml) read nothing there */
	if (ran && status != 0 && !(status == FSJ_EXIT_ERROR && err.text[0]))
		status_grants_made(absent, n_absent, stderr);
	/* msg32: a command that failed by itself (not 127 "not found", no
	 * signal, not a shell's 128+SIGPIPE: `sh -c ... | head`, user12) gets a
	 * note only under refusals, naming one (runmsg_note_failed()). */
	if (ran && status != 0 && status != 127 && status != 128 + SIGPIPE && !msg.signal &&
	    !(status == FSJ_EXIT_ERROR && err.text[0]))
		runmsg_note_failed(&msg, status, pol ? pol->enforced : 0,
				   msg.report_path || ctx.config.report_reads);
	broker_free(broker); /* the thread, the socket, the session folder */
	absentid_set_run(NULL); /* the listener and the broker have ended */
	absentid_free(ids);
	hidetrack_free(hidden);
	if (FSJ_FREE_AT_EXIT || backend != FSJ_BACKEND_LANDLOCK) /* macOS: the profile file */
		sandbox_free(sb);
	if (FSJ_FREE_AT_EXIT) { /* memory only (exit-free.h) */
		sb_release(&gaps);
		autorun_free(autorun);
		free(absent);
		policy_free(pol);
		fsj_ctx_release(&ctx);
	}
	runtmp_remove_end(run_tmp);
	timing_mark("end, free");
	launch_pass_terminal_signal();
	return status;

refuse_early: /* nothing loaded yet: say why, also on --status-fd */
	cmd_print_error(&err);
	runmsg_end(&msg, FSJ_EXIT_ERROR, err.text);
	return FSJ_EXIT_ERROR;
}
