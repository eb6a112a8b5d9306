// The reference of test/occupancy-calculator/reference.test: NVIDIA's
// occupancy calculator, cuda_occupancy.h, compiled for the host (it needs
// no GPU).
//
//   occ_reference blocks   CONFIGS EXPECTED   write the configurations and
//                                             cudaOccMaxActiveBlocksPerMultiprocessor's
//                                             answers
//   occ_reference best     CONFIGS EXPECTED   the same for
//                                             cudaOccMaxPotentialOccupancyBlockSize
//
// CONFIGS holds 'ARCH THREADS REGS SMEM' lines for `warplint occupancy
// --batch`; EXPECTED one line per configuration, in the same order.
//
// The device properties are written here by hand, from the CUDA C++
// Programming Guide's "Technical Specifications per Compute Capability",
// and not read from warplint's SmArch.def, so that the comparison checks
// that table as well as the model. The kernel is described as the runtime
// describes one with cudaFuncGetAttributes (one barrier, partitioned global
// caching off), with all of its shared memory dynamic and, as the occupancy
// calculator does, opted in to its size. The device state is the default.
#include <cuda_occupancy.h>

#include <climits>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

struct Arch {
  const char *Name;
  int Major, Minor;
  int ThreadsPerSM, RegsPerBlock;
  size_t SmemPerSM, SmemOptin, Reserved;
};

// Registers per SM are 64K and threads per block 1024 on every row.
const Arch Archs[] = {
    {"sm_50", 5, 0, 2048, 65536, 64 << 10, 48 << 10, 0},
    {"sm_52", 5, 2, 2048, 65536, 96 << 10, 48 << 10, 0},
    {"sm_53", 5, 3, 2048, 32768, 64 << 10, 48 << 10, 0},
    {"sm_60", 6, 0, 2048, 65536, 64 << 10, 48 << 10, 0},
    {"sm_61", 6, 1, 2048, 65536, 96 << 10, 48 << 10, 0},
    {"sm_62", 6, 2, 2048, 32768, 64 << 10, 48 << 10, 0},
    {"sm_70", 7, 0, 2048, 65536, 96 << 10, 96 << 10, 0},
    {"sm_72", 7, 2, 2048, 65536, 96 << 10, 96 << 10, 0},
    {"sm_75", 7, 5, 1024, 65536, 64 << 10, 64 << 10, 0},
    {"sm_80", 8, 0, 2048, 65536, 164 << 10, 163 << 10, 1024},
    {"sm_86", 8, 6, 1536, 65536, 100 << 10, 99 << 10, 1024},
    {"sm_87", 8, 7, 1536, 65536, 164 << 10, 163 << 10, 1024},
    {"sm_89", 8, 9, 1536, 65536, 100 << 10, 99 << 10, 1024},
    {"sm_90", 9, 0, 2048, 65536, 228 << 10, 227 << 10, 1024},
    {"sm_100", 10, 0, 2048, 65536, 228 << 10, 227 << 10, 1024},
    {"sm_103", 10, 3, 2048, 65536, 228 << 10, 227 << 10, 1024},
    {"sm_110", 11, 0, 1536, 65536, 228 << 10, 227 << 10, 1024},
    {"sm_120", 12, 0, 1536, 65536, 100 << 10, 99 << 10, 1024},
    {"sm_121", 12, 1, 1536, 65536, 100 << 10, 99 << 10, 1024},
};

cudaOccDeviceProp props(const Arch &A) {
  cudaOccDeviceProp P;
  P.computeMajor = A.Major;
  P.computeMinor = A.Minor;
  P.maxThreadsPerBlock = 1024;
  P.maxThreadsPerMultiprocessor = A.ThreadsPerSM;
  P.regsPerBlock = A.RegsPerBlock;
  P.regsPerMultiprocessor = 65536;
  P.warpSize = 32;
  P.sharedMemPerBlock = 48 << 10;
  P.sharedMemPerMultiprocessor = A.SmemPerSM;
  P.numSms = 1;
  P.sharedMemPerBlockOptin = A.SmemOptin;
  P.reservedSharedMemPerBlock = A.Reserved;
  return P;
}

cudaOccFuncAttributes attributes(int Regs, size_t Smem) {
  cudaOccFuncAttributes F;
  F.maxThreadsPerBlock = 1024;
  F.numRegs = Regs;
  F.sharedSizeBytes = 0;
  F.partitionedGCConfig = PARTITIONED_GC_OFF;
  F.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
  F.maxDynamicSharedSizeBytes = Smem;
  F.numBlockBarriers = 1;
  F.virtualResourceCount = 0;
  return F;
}

long limit(int L) { return L == INT_MAX ? -1 : L; }

// Block sizes and shared-memory sizes around every limit: partial warps,
// the largest block, the default 48 KB per block and the opt-in maxima.
const int Threads[] = {0,   1,   31,  32,  33,   96,   100,
                       192, 256, 544, 768, 1000, 1024, 1025};
const size_t Smems[] = {0,      1,      1000,   4096,   12289, 47104,
                        48128,  48129,  49153,  65537,  98304, 101376,
                        101377, 166912, 166913, 232448, 232449};

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 4 ||
      (std::strcmp(Argv[1], "blocks") && std::strcmp(Argv[1], "best"))) {
    std::fprintf(stderr, "usage: %s blocks|best CONFIGS EXPECTED\n", Argv[0]);
    return 2;
  }
  FILE *Configs = std::fopen(Argv[2], "w"),
       *Expected = std::fopen(Argv[3], "w");
  if (!Configs || !Expected) {
    std::perror("occ_reference");
    return 2;
  }
  cudaOccDeviceState State; // CACHE_PREFER_NONE, SHAREDMEM_CARVEOUT_DEFAULT
  bool Best = !std::strcmp(Argv[1], "best");
  for (const Arch &A : Archs) {
    cudaOccDeviceProp P = props(A);
    if (Best) {
      // Every register count from 0 to 255 and every shared-memory size.
      for (int Regs = 0; Regs <= 255; ++Regs)
        for (size_t Smem : Smems) {
          cudaOccFuncAttributes F = attributes(Regs, Smem);
          int MinGrid = 0, Block = 0;
          cudaOccError E = cudaOccMaxPotentialOccupancyBlockSize(
              &MinGrid, &Block, &P, &F, &State, nullptr, Smem);
          // Any block size works for the batch line; steps use the rest.
          std::fprintf(Configs, "%s 32 %d %zu\n", A.Name, Regs, Smem);
          if (E != CUDA_OCC_SUCCESS)
            std::fprintf(Expected, "ERR\n");
          else
            std::fprintf(Expected, "%d\n", Block);
        }
      continue;
    }
    for (int T : Threads)
      for (int Regs = 0; Regs <= 257; ++Regs)
        for (size_t Smem : Smems) {
          cudaOccFuncAttributes F = attributes(Regs, Smem);
          cudaOccResult R;
          std::memset(&R, 0, sizeof R);
          cudaOccError E = cudaOccMaxActiveBlocksPerMultiprocessor(
              &R, &P, &F, &State, T, Smem);
          std::fprintf(Configs, "%s %d %d %zu\n", A.Name, T, Regs, Smem);
          if (E != CUDA_OCC_SUCCESS)
            std::fprintf(Expected, "ERR\n");
          else
            std::fprintf(Expected, "%d %ld %ld %ld %ld %ld\n",
                         R.activeBlocksPerMultiprocessor,
                         limit(R.blockLimitWarps), limit(R.blockLimitBlocks),
                         limit(R.blockLimitRegs), limit(R.blockLimitSharedMem),
                         limit(R.blockLimitBarriers));
        }
  }
  return std::fclose(Configs) || std::fclose(Expected) ? 2 : 0;
}
