# A numpy model of msd_replay's skewed-key map (src/cuda/rank/kernel/msd_skew_kernels.cuh):
# the map built from 2^22 of the types suite's float keys, then the runs used and the largest
# pass-2 bucket of 2^25 keys scaled to n = 2^28. Run: /usr/bin/python3 bench/probes/msd_skew_model.py
import numpy as np, sys
def order_bits(x):
    if x.dtype==np.float32:
        b=x.view(np.uint32).astype(np.uint64); w=32
    else:
        b=x.view(np.uint64); w=64
    sign=np.uint64(1)<<np.uint64(w-1)
    neg=(b & sign)!=0
    allones=np.uint64((1<<w)-1)
    return np.where(neg, (~b)&allones, b|sign).astype(np.uint64), w
def emulate(keys, N, fine_bits, cap=8192, all_keys=None):
    bits,w=order_bits(keys)
    n=len(bits)
    o=np.bitwise_or.reduce(bits); a=np.bitwise_and.reduce(bits)
    d=int(o^a); top=d.bit_length(); shift=max(top-16,0)
    fs=max(shift-(fine_bits-16),0)
    fine=((bits>>np.uint64(fs)) & np.uint64((1<<fine_bits)-1)).astype(np.int64)
    hist=np.bincount(fine, minlength=1<<fine_bits)
    budget=256*(cap*3//4)*n//N  # samples = n (we treat keys as the sample of N)
    per=(1<<fine_bits)//256
    H=hist.reshape(256,per)
    top_=H.max(1); runs_in=[0]*256; local=np.zeros(1<<fine_bits,dtype=np.int64)
    failed=False
    for c in range(256):
        if top_[c]*per<=budget: continue
        run=0; rt=0; rf=None
        for k in range(per):
            h=H[c,k]
            if h:
                if h>budget: failed=True
                t=max(h,rt)
                if rf is not None and t*(k-rf+1)>budget:
                    run+=1; rt=h; rf=k
                else:
                    rt=t; rf=k if rf is None else rf
            local[c*per+k]=run
        runs_in[c]=run+1
    cur=0; ct=0; cf=None; open_light=True; run_of=[0]*256
    for c in range(256):
        if runs_in[c]>0:
            if cf is not None: cur+=1
            run_of[c]=cur; cur+=runs_in[c]-1; cf=0; open_light=False; continue
        nz=np.nonzero(H[c])[0]
        if len(nz)==0: run_of[c]=cur; continue
        f=c*per+nz[0]; l=c*per+nz[-1]; t=max(top_[c],ct)
        if cf is None: cf=f; ct=top_[c]
        elif open_light and t*(l-cf+1)<=budget: ct=t
        else: cur+=1; cf=f; ct=top_[c]
        open_light=True; run_of[c]=cur
    runs=cur+1
    # map
    fmap=np.array([ (run_of[f//per]+local[f]) if runs_in[f//per]>0 else run_of[f//per] for f in range(1<<fine_bits)]) if fine_bits==16 else None
    if fmap is None:
        cidx=np.arange(1<<fine_bits)//per
        ri=np.array(runs_in); ro=np.array(run_of)
        fmap=np.where(ri[cidx]>0, ro[cidx]+local, ro[cidx])
    if all_keys is not None:
        bits,w=order_bits(all_keys); fine=((bits>>np.uint64(fs)) & np.uint64((1<<fine_bits)-1)).astype(np.int64); n=len(bits)
    d1=fmap[fine]
    # pass-2 cut per run over sampled extent
    maxb=0
    s=fs+64-w
    code=bits<<np.uint64(64-w) if w==32 else bits
    for r in range(runs):
        sel=d1==r
        if not sel.any(): continue
        fr=np.nonzero((fmap==r)&(hist>0))[0]
        lo,hi=fr[0],fr[-1]; bins=hi-lo+1
        base=int(code[sel].min()) # approx: use run_lo<<s (ignoring high) 
        base=(int(lo)<<s) | (int(a)<<(64-w) & ~((1<<(shift+16+64-w))-1) & ((1<<64)-1)) if shift+16<w else (int(lo)<<s)
        span=(int(bins)<<s)-1
        c=code[sel].astype(object)
        dd=np.array([0 if x<base else min(255, ((x-base)*256)//(span+1)) for x in c[:200000]]) if False else None
        x=(code[sel].astype(np.float64)-float(base)); dd=np.clip(np.floor(x*256.0/float(span+1)),0,255).astype(np.int64)
        cnt=np.bincount(dd,minlength=256).max()
        maxb=max(maxb,cnt)
    return dict(shift=shift, runs=runs, failed=failed, max_pass2_scaled=maxb*N/n, cap=cap)
rng=np.random.default_rng(1)
N=1<<28
m=1<<25
h=rng.integers(0,1<<63,size=m,dtype=np.int64).astype(np.uint64)*2+1
v=((h>>np.uint64(12)).astype(np.int64)-(1<<51)).astype(np.float64)*2.0**-20
s=v[:1<<22]
print('float32', emulate(s.astype(np.float32), N, 16, all_keys=v.astype(np.float32)))
print('float64', emulate(s, N, 20, all_keys=v))
