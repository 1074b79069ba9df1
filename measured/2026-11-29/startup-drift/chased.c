#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <stdint.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static size_t* build(size_t mb){size_t n=(mb<<20)/sizeof(size_t);size_t*a=malloc(n*sizeof(size_t));for(size_t i=0;i<n;i++)a[i]=i;
for(size_t i=n-1;i>0;i--){size_t j=(((size_t)rand()<<31)^rand())%i;size_t t=a[i];a[i]=a[j];a[j]=t;}return a;}
static double chase(size_t*a,int steps){size_t p=0;double t0=now();for(int i=0;i<steps;i++)p=a[p];double t1=now();volatile size_t s=p;return (t1-t0)/steps;}
int main(){size_t*big=build(64),*mid=build(8);char line[16];
while(fgets(line,sizeof line,stdin)){double b=chase(big,50000),m=chase(mid,100000);
volatile uint64_t x=1;double t2=now();for(int i=0;i<2000000;i++)x=x*6364136223846793005ULL+1;double t3=now();
printf("%.2f %.2f %.3f\n",b,m,(t3-t2)/2000000);fflush(stdout);}return 0;}
