// A file whose analysis reaches its bound (issue 20 #4): the heavy access
// is skipped, but it cannot take the budget of the trivial 32-way conflict
// after it (each run first gets a thousandth of MaxFileSteps; those that
// need more are analysed after all the others), and what was skipped is
// said once per file where the user looks, in every front end, with the
// option that raises the limit.
//
// RUN: not %warplint --check-option=warplint-bank-conflict.MaxFileSteps=1000000 \
// RUN:   %s -- %cuda_flags 2>%t.err | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --check-prefix=TOOL-ERR < %t.err
// TOOL: budget-skipped.cu:[[@LINE+46]]:3: warning: shared-memory store of 's[threadIdx.x * 32]' has a 32-way bank conflict
// TOOL-ERR: warplint: warning: {{.*}}budget-skipped.cu: 1 shared-memory access not analysed (the first on line [[@LINE+36]]): the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps); --dump-shared-accesses lists them; raise the limit with --check-option=warplint-bank-conflict.MaxFileSteps=N or CheckOptions in .warplint.yaml
// TOOL-ERR-NOT: warning
//
// The dump says which access, and why:
// RUN: %warplint --check-option=warplint-bank-conflict.MaxFileSteps=1000000 \
// RUN:   --dump-shared-accesses %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=DUMP
// DUMP: "text": "s[((t * 3) % 5 {{.*}}
// DUMP-NEXT: "whyUnknown": "skipped: too complex: the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps)"
// DUMP: "degree": 32,
// DUMP: "text": "s[threadIdx.x * 32]",
// DUMP-NEXT: "whyUnknown": ""
//
// With the default bounds the heavy access needs more than MaxSteps, and
// the warning names that option:
// RUN: not %warplint %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: warplint: warning: {{.*}}budget-skipped.cu: 1 shared-memory access not analysed (the first on line {{[0-9]+}}): the analysis of an access needs more than 50000000 steps (warplint-bank-conflict.MaxSteps); --dump-shared-accesses lists them; raise the limit with --check-option=warplint-bank-conflict.MaxSteps=N or CheckOptions in .warplint.yaml
//
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -Werror \
// RUN:   -fplugin-arg-warplint-option=warplint-bank-conflict.MaxFileSteps=1000000 \
// RUN:   %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=PLUGIN %}
// PLUGIN-DAG: warning: warplint: {{.*}}budget-skipped.cu: 1 shared-memory access not analysed (the first on line [[@LINE+16]]): the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps); raise the limit with -fplugin-arg-warplint-option=warplint-bank-conflict.MaxFileSteps=N
// PLUGIN-DAG: budget-skipped.cu:[[@LINE+24]]:3: warning: shared-memory store of 's[threadIdx.x * 32]' has a 32-way bank conflict
//
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-bank-conflict' \
// RUN:   --extra-arg=--cuda-host-only -config='{CheckOptions: {warplint-bank-conflict.MaxFileSteps: 1000000}}' \
// RUN:   %s -- %cuda_flags 2>/dev/null | FileCheck %s --check-prefix=TIDY %}
// TIDY: budget-skipped.cu:[[@LINE+10]]:14: warning: 1 shared-memory access not analysed (the first on line [[@LINE+10]]): the analysis of this file reached its limit of 1000000 steps (warplint-bank-conflict.MaxFileSteps); raise the limit with the option warplint-bank-conflict.MaxFileSteps in CheckOptions [warplint-bank-conflict]
// TIDY: budget-skipped.cu:[[@LINE+18]]:3: warning: shared-memory store of 's[threadIdx.x * 32]' has a 32-way bank conflict
#include <cuda.h>

__global__ void heavy(float *o, int p0, int p1, int p2) {
  __shared__ float s[8192];
  int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 64; ++j)
      acc += s[((t * 3) % 5 + (t * 4) % 6 + (t * 5) % 7 + (t * 6) % 8 +
                (t * 7) % 9 + (t * 8) % 10 + i * 33 + j * 65 +
                (p0 > 0 ? 1 : 2) + (p1 > 0 ? 4 : 8) + (p2 > 0 ? 16 : 32)) &
               8191];
  o[t] = acc;
}

__global__ void trivial(float *o) {
  __shared__ float s[1024];
  s[threadIdx.x * 32] = 1;
  o[threadIdx.x] = s[threadIdx.x];
}

int main() {
  heavy<<<1, 1024>>>(0, 1, 2, 3);
  trivial<<<1, 32>>>(0);
}
