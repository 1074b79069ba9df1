"""Between-run shifts of queue-latency p50 on the lower launch level, per A/A pair: B/A per JDK and their mean
(the part every row of a run shares). Forks whose runs sit on both levels are left out; a side needs 2 forks low."""
import json,sys,math,statistics as st
def low(d,j):
    out=[]
    for t in json.load(open(d+'/results.json'))['trials']:
        if t['workload']!='queue-latency' or t['status']!='ok' or t['jdk']['feature']!=j: continue
        runs=[r['percentiles']['50'] for r in t['latency']['endToEnd']['runs']]
        if max(runs)<600: out.append(math.log(t['latency']['endToEnd']['percentiles']['50']))
    return out
common=[];diffs=[]
for p in sys.argv[1:]:
    s=[]
    for j in (17,25):
        a,b=low(p+'/a',j),low(p+'/b',j)
        if len(a)>=2 and len(b)>=2: s.append((j,len(a),len(b),st.mean(b)-st.mean(a)))
    line=' '.join(f"JDK {j}: {na}/{nb} low forks, B/A {100*math.expm1(d):+.1f} %" for j,na,nb,d in s)
    if len(s)==2:
        c=(s[0][3]+s[1][3])/2; common.append(c); diffs.append(s[0][3]-s[1][3])
        line+=f"; common {100*math.expm1(c):+.1f} %"
    print(f"{p}: {line}")
rms=lambda x: math.sqrt(sum(v*v for v in x)/len(x))
print(f"pairs with both JDKs: {len(common)}; RMS of the common shift {100*rms(common):.1f} %, of the JDKs' difference of shifts {100*rms(diffs):.1f} %")
print(f"if the rows' shifts were independent, the common shift's RMS would be half the difference's: {100*rms(diffs)/2:.1f} %")
