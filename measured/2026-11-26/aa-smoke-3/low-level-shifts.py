"""For A/A pairs of queue-latency runs: per JDK, the forks of each side whose p50 (and every run's) sits on this VM's
lower level (< 600 ns), their geometric mean and spread, and B's shift against A. Descriptive, not a judgement.
Usage: python3 low-level-shifts.py PAIR_DIR...   (each holding a/results.json and b/results.json)"""
import collections, json, math, os, sys

def low(path):
    out = collections.defaultdict(list)
    for t in json.load(open(path))['trials']:
        if t['workload'] != 'queue-latency' or t['status'] != 'ok':
            continue
        e = t['latency']['endToEnd']
        runs = [r['percentiles']['50'] for r in e.get('runs', [])]
        if e['percentiles']['50'] < 600 and all(r < 600 for r in runs):
            out[t['jdk']['version']].append(e['percentiles']['50'])
    return out

def gmean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))

def sd(xs):
    m = sum(map(math.log, xs)) / len(xs)
    return (sum((math.log(x) - m) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5

shifts = []
for pair in sys.argv[1:]:
    a, b = low(os.path.join(pair, 'a', 'results.json')), low(os.path.join(pair, 'b', 'results.json'))
    for jdk in sorted(a):
        if len(a[jdk]) >= 2 and len(b.get(jdk, [])) >= 2:
            shift = gmean(b[jdk]) / gmean(a[jdk]) - 1
            shifts.append(shift)
            print(f"{pair} {jdk}: A {len(a[jdk])} low forks {gmean(a[jdk]):.0f} ns (sd {100 * sd(a[jdk]):.1f} %), "
                  f"B {len(b[jdk])} low forks {gmean(b[jdk]):.0f} ns (sd {100 * sd(b[jdk]):.1f} %): B/A {100 * shift:+.1f} %")
if shifts:
    print(f"root mean square of the shifts: {100 * (sum(s * s for s in shifts) / len(shifts)) ** 0.5:.1f} % ({len(shifts)} pairs of rows)")
