/*
 * rate-floor: what an open-model HTTP load costs on this machine when nothing but the kernel's work
 * is done — a reference for a driver that sends each request at its due time, one at a time.
 *
 * One thread, C keep-alive connections, request j due at start + j/R on connection j mod C (as the
 * http driver's rate mode). The thread waits in epoll_pwait2 with the next due time as its
 * nanosecond timeout, so it wakes once for each send and once for each answer that does not come
 * while it is awake: no batching, no spinning, no second thread. A request whose connection is still
 * waiting for its previous answer goes out when that answer arrives. Prints the CPU the process used
 * (user + system, getrusage) per request over the measured window, the rate achieved, and how late
 * the sends went out.
 *
 *   cc -O2 -o rate-floor rate-floor.c
 *   ./rate-floor PORT RATE CONNECTIONS SECONDS [WARMUP_SECONDS]   (prints one line: see the end of main)
 *
 * GET /hello on 127.0.0.1:PORT; answers are read up to their Content-Length.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    int fd;
    int awaiting;     /* a request is out */
    long queued;      /* due requests waiting for the answer before them */
    char buf[4096];
    int len;
} conn;

static long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static double cpu_s(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec + r.ru_utime.tv_usec / 1e6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec / 1e6;
}

static const char REQ[] = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: rate-floor\r\nAccept: */*\r\n\r\n";

static void die(const char *what) {
    perror(what);
    exit(1);
}

static void send_req(conn *c) {
    if (write(c->fd, REQ, sizeof REQ - 1) != (ssize_t) (sizeof REQ - 1)) {
        die("write");
    }
    c->awaiting = 1;
}

/* Length of the first complete answer in the buffer, or 0 if it is not all there yet. */
static int answer_length(conn *c) {
    char *end = memmem(c->buf, c->len, "\r\n\r\n", 4);
    if (!end) {
        return 0;
    }
    int head = (int) (end - c->buf) + 4;
    long body = 0;
    for (char *p = c->buf; p < end; p++) {
        if ((p == c->buf || p[-1] == '\n') && strncasecmp(p, "content-length:", 15) == 0) {
            body = strtol(p + 15, NULL, 10);
        }
    }
    return c->len >= head + body ? head + (int) body : 0;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: rate-floor PORT RATE CONNECTIONS SECONDS [WARMUP_SECONDS]\n");
        return 2;
    }
    int port = atoi(argv[1]);
    double rate = atof(argv[2]);
    int n = atoi(argv[3]);
    double seconds = atof(argv[4]), warmup = argc > 5 ? atof(argv[5]) : 2;
    conn *cs = calloc(n, sizeof(conn));
    int ep = epoll_create1(0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    for (int i = 0; i < n; i++) {
        cs[i].fd = socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        setsockopt(cs[i].fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (connect(cs[i].fd, (struct sockaddr *) &a, sizeof a) != 0) {
            die("connect");
        }
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = i};
        epoll_ctl(ep, EPOLL_CTL_ADD, cs[i].fd, &e);
    }
    double interval = 1e9 / rate;
    long j0 = (long) (warmup * rate), j1 = j0 + (long) (seconds * rate);
    long start = now_ns() + 1000000, j = 0, answered = 0, late = 0, late_max = 0;
    double cpu0 = 0;
    long measured_from = 0, measured_answers = 0;
    struct epoll_event ev[256];
    while (j < j1 || answered < j1) {
        long now = now_ns();
        while (j < j1 && start + (long) (j * interval) <= now) {
            conn *c = &cs[j % n];
            if (j == j0) {
                cpu0 = cpu_s();
                measured_from = now;
                measured_answers = answered;
            }
            if (c->awaiting) {
                c->queued++;
            } else {
                long lag = now - (start + (long) (j * interval));
                if (j >= j0 && lag > 100000) {
                    late++;
                }
                if (j >= j0 && lag > late_max) {
                    late_max = lag;
                }
                send_req(c);
            }
            j++;
        }
        struct timespec timeout = {0, 0};
        struct timespec *to = NULL;
        if (j < j1) {
            long wait = start + (long) (j * interval) - now_ns();
            if (wait < 0) {
                wait = 0;
            }
            timeout.tv_sec = wait / 1000000000L;
            timeout.tv_nsec = wait % 1000000000L;
            to = &timeout;
        }
        int k = epoll_pwait2(ep, ev, 256, to, NULL);
        if (k < 0 && errno != EINTR) {
            die("epoll_pwait2");
        }
        for (int e = 0; e < k; e++) {
            conn *c = &cs[ev[e].data.u32];
            ssize_t r = read(c->fd, c->buf + c->len, sizeof c->buf - c->len);
            if (r <= 0) {
                die("read (the server closed or failed)");
            }
            c->len += (int) r;
            for (int m; (m = answer_length(c)) > 0;) {
                memmove(c->buf, c->buf + m, c->len - m);
                c->len -= m;
                c->awaiting = 0;
                answered++;
                if (c->queued > 0) {
                    c->queued--;
                    send_req(c);
                }
            }
        }
    }
    double cpu = cpu_s() - cpu0;
    double wall = (now_ns() - measured_from) / 1e9;
    long requests = answered - measured_answers;
    /* requests counted: answers after the window opened; CPU in microseconds per request */
    printf("rate %.0f connections %d requests %ld achieved_req_s %.0f cpu_us_per_request %.2f sends_late_over_100us %ld max_send_lag_us %.0f\n",
           rate, n, requests, requests / wall, cpu / requests * 1e6, late, late_max / 1e3);
    return 0;
}
