#!/usr/bin/env python3
"""cli-options.py SRCDIR FSJAIL - the options of every fsjail subcommand, as
its source accepts them and as its --help documents them (issue 16 item 6).

Prints one line per command: NAME<TAB>accepted<TAB>documented<TAB>synopsis,
each a space-separated list of long options ("--json"; "-c" for run's -c).
accepted: the getopt_long table of src/cmd_NAME.c, the CMD_*_LONGOPT(S)
macros of src/cmd.h expanded. documented: the option lines of
`fsjail NAME --help`, its COMMON block included. synopsis: the options the
usage line names ([COMMON] expanded)."""
import re
import subprocess
import sys

srcdir, fsjail = sys.argv[1], sys.argv[2]


def macro_opts(text, name):
    m = re.search(r'#define ' + name + r'\b(.*?)(?<!\\)\n', text, re.S)
    return re.findall(r'\{ "([a-z-]+)",', m.group(1)) if m else []


cmd_h = open(f"{srcdir}/src/cmd.h").read()
macros = {n: macro_opts(cmd_h, n) for n in
          re.findall(r'#define (CMD_[A-Z_]*_LONGOPTS?)\b', cmd_h)}


def help_text(*args):
    r = subprocess.run([fsjail, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"fsjail {' '.join(args)} exited {r.returncode}: {r.stderr}")
    return r.stdout


overview = help_text("--help")
commands = re.findall(r'^  fsjail ([a-z]+) ', overview, re.M)
common = re.findall(r'^  (--[a-z-]+)', overview.split("COMMON options:")[1], re.M)
for name in commands:
    src = open(f"{srcdir}/src/cmd_{name}.c").read()
    table = re.search(r'longopts\[\] = \{(.*?)\{ NULL, 0, NULL, 0 \}', src, re.S).group(1)
    accepted = set(re.findall(r'\{ "([a-z-]+)",', table))
    for m, opts in macros.items():
        if re.search(r'\b' + m + r'\b', table):
            accepted |= set(opts)
    accepted = {"--" + o for o in accepted}
    if re.search(r'getopt_long\(argc, argv, "\+?[^"]*c:', src):
        accepted.add("-c")
    text = help_text(name, "--help")
    usage = text.splitlines()[0]
    documented = set(re.findall(r'^  (--?[a-z][a-z-]*)', text, re.M))
    synopsis = set(re.findall(r'(?<![A-Za-z-])(--[a-z][a-z-]*|-c)\b', usage))
    if "[COMMON]" in usage:
        synopsis |= set(common)
    print("\t".join([name, " ".join(sorted(accepted)), " ".join(sorted(documented)),
                     " ".join(sorted(synopsis))]))
