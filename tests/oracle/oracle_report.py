"""oracle_report.py - the text report of tests/oracle/oracle.py: each line
with a miss (every line with verbose), then one summary line."""


def report(results, out, verbose):
    """Write the report of results (run_case dicts) to out; returns the
    number of lines with a miss."""
    nm = sum(1 for r in results if r["misses"])
    for r in results:
        if r["misses"] or verbose:
            out.write("%s  [%s] overall=%s complete=%s over=%d\n    %r\n" % (
                "MISS" if r["misses"] else "ok  ", r["construct"], r["overall"],
                r["complete"], r["over"], r["line"]))
            for m in r["misses"]:
                out.write("      missed %-7s %s  (%s by %s)\n" % (m["cap"], m["path"],
                                                               m["call"], m["exe"]))
    npred = sum(r["predicted"] for r in results)
    nover = sum(r["over"] for r in results)
    nun = sum(len(r["read_unlisted"]) for r in results)
    nimp = sum(len(r["exec_implied"]) for r in results)
    allow_miss = sum(1 for r in results if r["misses"] and r["overall"] == "allow")
    out.write("oracle: %d lines, %d with a miss (%.1f%%), %d of them answered allow; "
              "%d missed effects; over-predicted %d of %d predicted effects; "
              "not counted: %d effects of programs only executed, %d executes of table "
              "programs\n" % (
                  len(results), nm, 100.0 * nm / max(1, len(results)), allow_miss,
                  sum(len(r["misses"]) for r in results), nover, npred, nun, nimp))
    return nm
