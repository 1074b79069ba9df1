"""Per JDK and point, the geometric mean of the forks' held-request latency (holdLatencyMillis) in results.json files.
A plain average for reading the grid beside the race, not a judgement: the judge's answers are in tune-report.md.
Usage: python3 gridbest.py DIR_OR_FILE..."""
import collections, json, math, os, sys

forks = collections.defaultdict(list)
for arg in sys.argv[1:]:
    path = os.path.join(arg, 'results.json') if os.path.isdir(arg) else arg
    for t in json.load(open(path))['trials']:
        m = t.get('metrics', {}).get('holdLatencyMillis') if t['status'] == 'ok' else None
        if m:
            forks[(t['jdk']['version'], t['id'].split('/')[2])].append(m['value'])
for jdk in sorted({j for j, _ in forks}):
    print(jdk)
    points = sorted((math.exp(sum(map(math.log, v)) / len(v)), p, len(v)) for (j, p), v in forks.items() if j == jdk)
    for mean, point, n in points:
        print(f"   {point:40s} {mean:7.0f} ms  ({n} forks)")
