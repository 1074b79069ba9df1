#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
int main(int c,char**v){size_t mb=atoi(v[1]);size_t n=mb<<20;char*p=mmap(0,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
double t0=now();for(size_t i=0;i<n;i+=4096)p[i]=1;double t1=now();
for(size_t i=0;i<n;i+=4096)p[i]=2;double t2=now();
printf("%.2f %.2f\n",t1-t0,t2-t1);return 0;}
