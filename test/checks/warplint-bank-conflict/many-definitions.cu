// A variable assigned by thousands of statements before the access
// (issue 20 #12): `if (threadIdx.x == i) y = i * 32;` N times, then s[y].
// Finding the definitions that reach the access cost N^2 (each statement
// was asked whether it writes y by walking up from every write of y); it
// is now a search in the body's statement order, and what the lowering
// does is counted in warplint-bank-conflict.MaxSteps and MaxFileSteps, so
// time grows with N as the parse does (bench/run --only bounds measures
// N = 2,500, 5,000 and 10,000). The access ends unknown with the reason.
//
// RUN: %python %src_root/bench/run --generate ifs 4000 > %t.cu
// RUN: %warplint --dump-shared-accesses %t.cu -- %cuda_flags \
// RUN:   | FileCheck %s --check-prefix=DEPTH
// DEPTH: "text": "s[y]",
// DEPTH-NEXT: "whyUnknown": "the definitions of 'y' are nested more than 64 deep"
//
// The lowering's work counts against the bound per access:
// RUN: %warplint --check-option=warplint-bank-conflict.MaxSteps=200 \
// RUN:   --dump-shared-accesses %t.cu -- %cuda_flags 2>%t.err \
// RUN:   | FileCheck %s --check-prefix=STEPS
// RUN: FileCheck %s --check-prefix=STEPS-ERR < %t.err
// STEPS: "text": "s[y]",
// STEPS-NEXT: "whyUnknown": "skipped: too complex: the analysis of this access needs more than 200 steps (warplint-bank-conflict.MaxSteps)"
// STEPS-ERR: warplint: warning: {{.*}}: 1 shared-memory access not analysed (the first on line 4005): the analysis of an access needs more than 200 steps (warplint-bank-conflict.MaxSteps)
//
// and against the file's:
// RUN: %warplint --check-option=warplint-bank-conflict.MaxFileSteps=200 \
// RUN:   --dump-shared-accesses %t.cu -- %cuda_flags 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=FILE
// FILE: "text": "s[y]",
// FILE-NEXT: "whyUnknown": "skipped: too complex: the analysis of this file reached its limit of 200 steps (warplint-bank-conflict.MaxFileSteps)"
