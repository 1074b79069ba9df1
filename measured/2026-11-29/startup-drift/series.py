import os, time, sys, subprocess
java = sys.argv[1]; n = int(sys.argv[2]); out = open(sys.argv[3], 'w')
t_start = time.monotonic()
for i in range(n):
    t0 = time.monotonic_ns()
    pid = os.posix_spawn(java, [java, '-cp', 'h', 'Hello'], os.environ, file_actions=[(os.POSIX_SPAWN_OPEN, 1, '/dev/null', os.O_WRONLY, 0)])
    _, status, ru = os.wait4(pid, 0)
    t1 = time.monotonic_ns()
    st = open('/proc/stat').readline().split()
    out.write(f"{(t0/1e9 - t_start):.3f} {(t1-t0)/1e6:.2f} {ru.ru_utime*1e3:.1f} {ru.ru_stime*1e3:.1f} {ru.ru_minflt} {ru.ru_nvcsw} {ru.ru_nivcsw} {st[8]}\n")
out.close()
