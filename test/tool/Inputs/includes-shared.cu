// duplicate-findings.cu: the second file that includes shared-launch.cuh.
#include "shared-launch.cuh"
void other(float *p) { sharedLaunch(p); }
