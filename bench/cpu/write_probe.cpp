// How fast 400 MB reaches a new file (the 2-core VM question behind
// tools/ordo/io/column_sink.hpp): mode 0 touches a fresh anonymous buffer
// and write(2)s it in 8 MiB chunks ("huge" as a third argument: advised
// MADV_HUGEPAGE); mode 1 ftruncates the file and writes through a shared
// mapping; mode 2 fallocates first; mode 3 maps with MAP_POPULATE; mode 4
// fallocates and populates with MADV_POPULATE_WRITE. Each run unlinks the
// file and syncs first.
//   g++ -O2 -o /tmp/write_probe bench/cpu/write_probe.cpp
//   for m in 0 1 2 3 4; do /tmp/write_probe $m /tmp/w.bin; done
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a){return std::chrono::duration<double,std::milli>(clk::now()-a).count();}
int main(int argc,char**argv){
  size_t n=400000000; int mode=atoi(argv[1]); const char* path=argv[2];
  unlink(path); sync();
  auto t=clk::now();
  if(mode==0){ // anon buffer + write
    char* b=(char*)mmap(nullptr,n,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
    if(argc>3) madvise(b,n,MADV_HUGEPAGE);
    for(size_t i=0;i<n;i+=64) b[i]=char(i);
    double t1=ms(t);
    int fd=open(path,O_CREAT|O_WRONLY|O_TRUNC,0644);
    for(size_t o=0;o<n;o+=8<<20){ size_t c=std::min<size_t>(8<<20,n-o); write(fd,b+o,c);} close(fd);
    printf("anon+write: touch %.0f ms, total %.0f ms\n",t1,ms(t));
  } else {
    int fd=open(path,O_CREAT|O_RDWR|O_TRUNC,0644);
    if(mode==2) fallocate(fd,0,0,n); else ftruncate(fd,n);
    char* b=(char*)mmap(nullptr,n,PROT_READ|PROT_WRITE,MAP_SHARED|(mode==3?MAP_POPULATE:0),fd,0);
    if(mode==4){ int r=madvise(b,n,23 /*MADV_POPULATE_WRITE*/); if(r) perror("madvise"); printf("populate %.0f ms; ", ms(t)); }
    for(size_t i=0;i<n;i+=64) b[i]=char(i);
    double t1=ms(t);
    munmap(b,n); close(fd);
    printf("mmap mode %d: touch %.0f ms, total %.0f ms\n",mode,t1,ms(t));
  }
}
