import os, time, sys, subprocess, statistics as s
java=sys.argv[1]; n=int(sys.argv[2])
ch=subprocess.Popen(['./chased'],stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
rows=[]
for i in range(n):
    ch.stdin.write('x\n'); ch.stdin.flush(); big,mid,alu=map(float,ch.stdout.readline().split())
    t0=time.monotonic_ns()
    pid=os.posix_spawn(java,[java,'-cp','h','Hello'],os.environ,file_actions=[(os.POSIX_SPAWN_OPEN,1,'/dev/null',os.O_WRONLY,0)])
    _,st,ru=os.wait4(pid,0); t1=time.monotonic_ns()
    rows.append(((t1-t0)/1e6, ru.ru_utime*1e3+ru.ru_stime*1e3, big, mid, alu))
with open(sys.argv[3],'w') as f:
    for r in rows: f.write(' '.join('%.3f'%x for x in r)+'\n')
B=8; idx=range(0,n-B+1,B)
cols=list(zip(*rows)); bl=[[s.median(c[i:i+B]) for i in idx] for c in cols]
names=['wall','cpu','chase64MB','chase8MB','alu']
for j in range(1,5): print('corr(block wall, block %s) %.2f'%(names[j], s.correlation(bl[0],bl[j])), ' per-launch %.2f'%s.correlation(cols[0],cols[j]))
for j in range(5): print(names[j],'block median range %.2f..%.2f  cv %.1f%%'%(min(bl[j]),max(bl[j]),100*s.stdev(bl[j])/s.mean(bl[j])))
