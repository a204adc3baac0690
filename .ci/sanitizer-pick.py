#!/usr/bin/env python3
"""sanitizer-pick.py COVDIR TIMES BUDGET: which integration tests the
sanitizer pass of .ci/run leaves to README's plain pass.

COVDIR holds one folder per test (t0001-own-files, and t0001-own-files.uN
for its ordinary-user half; "unit" for the unit tests), each the
GCOV_PREFIX of that test's processes in a --coverage build (see
.ci/plain-only for how to make it). TIMES has one "SECONDS NAME" line per
test: its time in a sanitizer run of the suite. BUDGET is the seconds (in
TIMES' units) the integration tests of the sanitizer pass may cost.

The unit of coverage is the arc: a counter of gcc's -fprofile-arcs, read
straight from the .gcda files (gcc 12's format: a 16-byte header, then
records of tag, signed length in bytes, data; a negative length is a
record of zero counters). Arcs the unit tests reach count as watched.
Tests are picked greedily by new arcs per second until BUDGET is spent;
then each left test is named if every arc it reaches is watched already,
or else with the arcs only it would bring. Output: the text of
.ci/plain-only after its header, on stdout; the tally on stderr.
"""
import os
import struct
import sys


def arcs_of(folder):
    """The set of arcs (gcda path, function id, counter index) executed."""
    found = set()
    for d, _, files in os.walk(folder):
        for f in files:
            if not f.endswith('.gcda') or '/grammar' in d:
                continue
            path = os.path.join(d, f)
            rel = path[path.find('/src/') + 1:]
            data = open(path, 'rb').read()
            order = '<' if data[:4] == b'adcg' else '>'
            pos, fn = 16, None
            while pos + 8 <= len(data):
                tag, length = struct.unpack_from(order + 'Ii', data, pos)
                pos += 8
                if tag == 0x01000000 and length >= 4:
                    fn = struct.unpack_from(order + 'I', data, pos)[0]
                elif tag == 0x01a10000 and length > 0:
                    for i in range(length // 8):
                        if any(struct.unpack_from(order + 'II', data, pos + 8 * i)):
                            found.add((rel, fn, i))
                pos += max(length, 0)
    return found


def main():
    covdir, times, budget = sys.argv[1], sys.argv[2], float(sys.argv[3])
    cost = {}
    for line in open(times):
        secs, name = line.split()
        cost[os.path.basename(name).removesuffix('.sh')] = max(float(secs), 1.0)
    reach = {}
    for name in sorted(os.listdir(covdir)):
        test = name.split('.u')[0]
        if test != 'unit' and not test[:1] == 't':
            continue  # a helper's own $0 (bash -c): no test to schedule
        reach.setdefault(test, set()).update(arcs_of(os.path.join(covdir, name)))
    watched = reach.pop('unit', set())
    every = set(watched).union(*reach.values())
    left, spent = dict(reach), 0.0
    while left:
        best = max(left, key=lambda t: len(left[t] - watched) / cost.get(t, 30))
        if not left[best] - watched or spent + cost.get(best, 30) > budget:
            break
        spent += cost.get(best, 30)
        watched |= left.pop(best)
    print(f'picked {len(reach) - len(left)} of {len(reach)} tests, {spent:.0f} s of '
          f'{sum(cost.get(t, 30) for t in reach):.0f}; arcs watched {len(watched)} '
          f'of {len(every)} ({100 * len(watched) / len(every):.2f}%)', file=sys.stderr)
    for test in sorted(left):
        extra = len(left[test] - watched)
        print(test if not extra else f'{test}  # {extra} arcs no picked test reaches')


main()
