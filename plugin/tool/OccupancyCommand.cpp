//===-- OccupancyCommand.cpp - The 'warplint occupancy' subcommand --------===//
//
// warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152
//                    [--barriers=N] [--format=text|json]
// warplint occupancy --batch [--steps] < LINES      (ARCH THREADS REGS SMEM
// [BARRIERS]) warplint occupancy --parse-ptxas=FILE|- [--threads=N
// [--smem=DYNAMIC]]
//                    [--arch=sm_XX] [--format=text|json]
//
// A calculator over the pure occupancy model (Model/Occupancy.h) and the
// ptxas report parser (Ptxas/PtxasReport.h). Options are parsed here, by
// hand, not with cl::opt: the tool's cl::opt options are global and some
// share names (--arch, --format) with these.
//
//===----------------------------------------------------------------------===//
#include "OccupancyCommand.h"
#include "warplint/Core/Options.h"
#include "warplint/Model/Occupancy.h"
#include "warplint/Ptxas/PtxasReport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;
using namespace warplint;
using namespace warplint::model;

static const char Help[] =
    "OVERVIEW: warplint occupancy: how many blocks of a kernel an SM holds,\n"
    "what limits them and what would change that; the same numbers as\n"
    "cudaOccMaxActiveBlocksPerMultiprocessor of cuda_occupancy.h (default\n"
    "cache configuration and carveout; shared memory above 48 KB opted in).\n"
    "\n"
    "USAGE:\n"
    "  warplint occupancy --arch=sm_90 --threads=256 --regs=72 --smem=49152\n"
    "  warplint occupancy --batch [--steps] < lines\n"
    "  warplint occupancy --parse-ptxas=FILE [--threads=N [--smem=DYNAMIC]]\n"
    "\n"
    "OPTIONS:\n"
    "  --arch=sm_XX        GPU architecture (sm_50 ... sm_121; sm_90a and\n"
    "                      compute_90 name sm_90)\n"
    "  --threads=N         threads per block\n"
    "  --regs=N            registers per thread (what ptxas reports)\n"
    "  --smem=BYTES        shared memory per block, static + dynamic, without\n"
    "                      the 1 KB the driver reserves on 8.0+ (the model\n"
    "                      adds it); a K or KB suffix multiplies by 1024\n"
    "  --barriers=N        barriers the kernel uses (default 1; limits on "
    "9.0+)\n"
    "  --format=text|json  output format (default text)\n"
    "  --batch             read 'ARCH THREADS REGS SMEM [BARRIERS]' lines "
    "from\n"
    "                      stdin, write one JSON object per line; a line that\n"
    "                      cannot be read gives {\"line\":N,\"error\":...}\n"
    "  --steps             with --batch: add the steps to each object\n"
    "  --parse-ptxas=FILE  read the output of 'nvcc -Xptxas -v', 'nvcc\n"
    "                      --resource-usage' or 'ptxas -v' ('-': stdin) and\n"
    "                      print each function's resources; with --threads,\n"
    "                      each kernel's occupancy (its static shared memory\n"
    "                      plus --smem of dynamic)\n"
    "\n"
    "With --parse-ptxas, lines the parser does not know (another tool's\n"
    "output, a new kind of ptxas info) are listed as 'unrecognized' and are\n"
    "harmless; errors are ptxas's own and lines that show the report\n"
    "damaged or cut short (a count no GPU has, an entry function without\n"
    "its 'Used N registers' line).\n"
    "\n"
    "Exit status: 0 success; 1 a launch that cannot run, a batch line that\n"
    "could not be read, or a ptxas report with errors; 2 a usage error, or a\n"
    "--parse-ptxas input that cannot be read or holds no ptxas report.\n";

namespace {

struct CommandOptions {
  std::optional<std::string> Arch;
  std::optional<uint64_t> Threads, Regs, Smem;
  unsigned Barriers = 1;
  bool Json = false;
  bool Batch = false;
  bool Steps = false;
  std::optional<std::string> PtxasFile;
};

int usage(const Twine &Msg) {
  errs() << "warplint: error: " << Msg << "\n";
  return 2;
}

/// A byte or count: decimal digits, with K or KB for 1024 when Sizes.
std::optional<uint64_t> parseNumber(StringRef S, bool Sizes) {
  S = S.trim();
  uint64_t Mul = 1;
  if (Sizes &&
      (S.consume_back_insensitive("kb") || S.consume_back_insensitive("k")))
    Mul = 1024;
  uint64_t V;
  if (S.empty() || !all_of(S, isDigit) || S.getAsInteger(10, V) ||
      V > (uint64_t(1) << 50))
    return std::nullopt;
  return V * Mul;
}

std::string knownArchList() {
  std::string Known;
  for (StringRef K : knownArchs())
    Known += (Known.empty() ? "" : ", ") + K.str();
  return Known;
}

Expected<const SmArch *> archOf(StringRef Name) {
  auto A = lookupSmArch(Name);
  if (!A)
    return A.takeError();
  return *A;
}

std::string percent(double Occupancy) {
  return formatv("{0:F1}%", Occupancy * 100).str();
}

std::string limitText(unsigned Blocks) {
  return Blocks == Unlimited ? "-" : std::to_string(Blocks);
}

json::Value limitJson(unsigned Blocks) {
  if (Blocks == Unlimited)
    return nullptr;
  return Blocks;
}

void writeLimits(json::OStream &J, const OccupancyResult &R) {
  J.attributeObject("limits", [&] {
    J.attribute("warps", limitJson(R.BlocksByWarps));
    J.attribute("blocks", limitJson(R.BlocksByBlocks));
    J.attribute("registers", limitJson(R.BlocksByRegs));
    J.attribute("sharedMemory", limitJson(R.BlocksBySmem));
    J.attribute("barriers", limitJson(R.BlocksByBarriers));
  });
}

/// The fields of one result, inside an object being written.
/// Batch lines leave out the allocation and carveout details (Full).
void writeResult(json::OStream &J, const SmArch &A, const OccupancyInput &In,
                 const OccupancyResult &R, bool Full = true) {
  J.attribute("arch", A.Name);
  J.attribute("threads", In.Threads);
  J.attribute("regs", In.Regs);
  J.attribute("smem", In.Smem);
  J.attribute("barriers", In.Barriers);
  J.attribute("activeBlocksPerSM", R.ActiveBlocks);
  J.attribute("activeWarpsPerSM", R.ActiveWarps);
  J.attribute("maxWarpsPerSM", R.MaxWarps);
  J.attribute("occupancy", R.Occupancy);
  if (!R.ok()) {
    J.attribute("limiter", nullptr);
    J.attribute("error", R.ErrorMessage);
    writeLimits(J, R);
    return;
  }
  J.attribute("limiter", limiterName(R.Primary));
  J.attributeArray("limiters", [&] {
    for (Limiter L : {LimitWarps, LimitBlocks, LimitRegisters,
                      LimitSharedMemory, LimitBarriers})
      if (R.Limiters & L)
        J.value(limiterName(L));
  });
  writeLimits(J, R);
  if (!Full)
    return;
  J.attribute("registersPerBlock", R.RegsPerBlock);
  J.attribute("smemPerBlock", R.SmemPerBlock);
  J.attribute("carveout", R.Carveout);
  if (R.MinCarveout) {
    J.attribute("minCarveout", *R.MinCarveout);
    J.attribute("minCarveoutPercent", R.MinCarveoutPercent);
  }
}

void writeSteps(json::OStream &J, const OccupancySteps &S) {
  J.attributeObject("steps", [&] {
    J.attribute("maxRegsSameOccupancy", S.MaxRegsSameOccupancy);
    J.attribute("maxSmemSameOccupancy", S.MaxSmemSameOccupancy);
    if (S.NextActiveBlocks) {
      J.attributeObject("next", [&] {
        J.attribute("activeBlocksPerSM", *S.NextActiveBlocks);
        J.attribute("activeWarpsPerSM", S.NextActiveWarps);
        J.attribute("maxRegs", S.NextRegs);
        J.attribute("maxSmem", S.NextSmem);
      });
    } else {
      J.attribute("next", nullptr);
      J.attribute("nextBlockedBy", limiterName(S.NextBlockedBy));
    }
    J.attribute("bestThreads", S.BestThreads);
    J.attribute("bestActiveWarpsPerSM", S.BestActiveWarps);
  });
}

std::string bytes(uint64_t B) {
  if (B >= 1024 && B % 1024 == 0)
    return std::to_string(B) + " bytes (" + std::to_string(B / 1024) + " KB)";
  return std::to_string(B) + " bytes";
}

void printText(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
               const OccupancyResult &R, const OccupancySteps &S) {
  OS << A.Name << " (compute capability " << A.version() << "): " << In.Threads
     << " threads, " << In.Regs << " registers per thread, " << bytes(In.Smem)
     << " of shared memory per block\n";
  if (!R.ok()) {
    OS << "  cannot run: " << R.ErrorMessage << "\n";
    return;
  }
  OS << "  occupancy: " << percent(R.Occupancy) << ", " << R.ActiveBlocks
     << (R.ActiveBlocks == 1 ? " block" : " blocks") << " of "
     << R.WarpsPerBlock << (R.WarpsPerBlock == 1 ? " warp" : " warps") << " = "
     << R.ActiveWarps << " of " << R.MaxWarps << " warps per SM\n";
  OS << "  limited by: " << limiterName(R.Primary);
  for (Limiter L : {LimitWarps, LimitBlocks, LimitRegisters, LimitSharedMemory,
                    LimitBarriers})
    if ((R.Limiters & L) && L != R.Primary)
      OS << ", " << limiterName(L);
  OS << "\n  blocks per SM allowed by warps " << limitText(R.BlocksByWarps)
     << ", blocks " << limitText(R.BlocksByBlocks) << ", registers "
     << limitText(R.BlocksByRegs) << ", shared memory "
     << limitText(R.BlocksBySmem) << ", barriers "
     << limitText(R.BlocksByBarriers) << "\n";
  OS << "  allocated per block: " << R.RegsPerBlock << " registers, "
     << R.SmemPerBlock << " bytes of shared memory";
  if (A.ReservedSmemPerBlock)
    OS << " (with the " << A.ReservedSmemPerBlock
       << " bytes the driver reserves)";
  OS << "\n";
  if (A.CarveoutsKB.empty()) {
    OS << "  shared memory per SM: " << R.Carveout / 1024
       << " KB (not configurable on " << A.version() << ")\n";
  } else {
    OS << "  shared-memory carveout: " << R.Carveout / 1024
       << " KB with the default preference";
    if (R.MinCarveout)
      OS << "; the smallest that keeps " << R.ActiveBlocks
         << (R.ActiveBlocks == 1 ? " block" : " blocks") << " is "
         << *R.MinCarveout / 1024 << " KB (carveout " << R.MinCarveoutPercent
         << "%)";
    OS << "\n";
  }
  OS << "steps:\n";
  OS << "  keep " << percent(R.Occupancy) << ": at most "
     << S.MaxRegsSameOccupancy << " registers per thread, at most "
     << bytes(S.MaxSmemSameOccupancy) << " of shared memory per block\n";
  if (S.NextActiveBlocks) {
    OS << "  next level: " << *S.NextActiveBlocks << " blocks, "
       << S.NextActiveWarps << " warps ("
       << percent(double(S.NextActiveWarps) / R.MaxWarps) << "), with at most "
       << S.NextRegs << " registers per thread (now " << In.Regs
       << ") and at most " << bytes(S.NextSmem) << " of shared memory (now "
       << In.Smem << ")\n";
  } else {
    OS << "  next level: none with this block size; "
       << limiterName(S.NextBlockedBy) << " cap it at " << R.ActiveBlocks
       << (R.ActiveBlocks == 1 ? " block" : " blocks") << " per SM\n";
  }
  if (S.BestThreads)
    OS << "  best block size: " << S.BestThreads << " threads, "
       << S.BestActiveWarps << " warps per SM ("
       << percent(double(S.BestActiveWarps) / R.MaxWarps) << ")\n";
}

int runSingle(const CommandOptions &O) {
  if (!O.Arch)
    return usage("--arch is required (known: " + knownArchList() + ")");
  if (!O.Threads)
    return usage("--threads is required");
  auto A = archOf(*O.Arch);
  if (!A)
    return usage(toString(A.takeError()));
  OccupancyInput In;
  In.Threads = *O.Threads;
  In.Regs = O.Regs.value_or(0);
  In.Smem = O.Smem.value_or(0);
  In.Barriers = O.Barriers;
  OccupancyResult R = computeOccupancy(**A, In);
  OccupancySteps S = occupancySteps(**A, In, R);
  if (O.Json) {
    json::OStream J(outs(), 2);
    J.object([&] {
      writeResult(J, **A, In, R);
      if (R.ok())
        writeSteps(J, S);
    });
    outs() << "\n";
  } else {
    printText(outs(), **A, In, R, S);
  }
  return R.ok() ? 0 : 1;
}

int runBatch(const CommandOptions &O) {
  auto Buf = MemoryBuffer::getSTDIN();
  if (!Buf)
    return usage("cannot read stdin: " + Buf.getError().message());
  StringMap<const SmArch *> Archs;
  bool Bad = false;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  raw_ostream &OS = outs();
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].trim();
    if (L.empty() || L.starts_with("#"))
      continue;
    unsigned No = unsigned(I + 1);
    auto Fail = [&](const Twine &Why) {
      json::OStream J(OS);
      J.object([&] {
        J.attribute("line", No);
        J.attribute("input", L);
        J.attribute("error", Why.str());
      });
      OS << "\n";
      Bad = true;
    };
    SmallVector<StringRef, 5> F;
    L.split(F, ' ', -1, /*KeepEmpty=*/false);
    // Tabs separate as well as spaces.
    SmallVector<StringRef, 5> Fields;
    for (StringRef P : F) {
      SmallVector<StringRef, 2> Sub;
      P.split(Sub, '\t', -1, false);
      Fields.append(Sub.begin(), Sub.end());
    }
    if (Fields.size() != 4 && Fields.size() != 5) {
      Fail("expected 'ARCH THREADS REGS SMEM [BARRIERS]', got " +
           Twine(Fields.size()) + " fields");
      continue;
    }
    auto [It, New] = Archs.try_emplace(Fields[0], nullptr);
    if (New) {
      auto A = archOf(Fields[0]);
      if (!A) {
        Archs.erase(It);
        Fail(toString(A.takeError()));
        continue;
      }
      It->second = *A;
    }
    const SmArch &A = *It->second;
    OccupancyInput In;
    const char *Names[] = {"THREADS", "REGS", "SMEM", "BARRIERS"};
    uint64_t *Dest[] = {&In.Threads, &In.Regs, &In.Smem, nullptr};
    bool Ok = true;
    for (size_t K = 1; K < Fields.size() && Ok; ++K) {
      auto V = parseNumber(Fields[K], /*Sizes=*/K == 3);
      if (!V || (K == 4 && *V > 64)) {
        Fail(Twine(Names[K - 1]) + " is not a number" +
             (K == 4 ? " from 0 to 64" : "") + ": '" + Fields[K] + "'");
        Ok = false;
      } else if (K == 4) {
        In.Barriers = unsigned(*V);
      } else {
        *Dest[K - 1] = *V;
      }
    }
    if (!Ok)
      continue;
    OccupancyResult R = computeOccupancy(A, In);
    json::OStream J(OS);
    J.object([&] {
      J.attribute("line", No);
      writeResult(J, A, In, R, /*Full=*/O.Steps);
      if (O.Steps && R.ok())
        writeSteps(J, occupancySteps(A, In, R));
    });
    OS << "\n";
  }
  return Bad ? 1 : 0;
}

void writeCmem(json::OStream &J, const ptxas::CmemBanks &Banks) {
  J.attributeObject("cmem", [&] {
    for (auto [Bank, Bytes] : Banks)
      J.attribute(std::to_string(Bank), Bytes);
  });
}

int runPtxas(const CommandOptions &O) {
  auto Buf = *O.PtxasFile == "-" ? MemoryBuffer::getSTDIN()
                                 : MemoryBuffer::getFile(*O.PtxasFile);
  if (!Buf)
    return usage("cannot read '" + *O.PtxasFile +
                 "': " + Buf.getError().message());
  auto Rep = ptxas::parseReport((*Buf)->getBuffer());
  if (!Rep)
    return usage(*O.PtxasFile + ": " + toString(Rep.takeError()));
  const SmArch *Override = nullptr;
  if (O.Arch) {
    auto A = archOf(*O.Arch);
    if (!A)
      return usage(toString(A.takeError()));
    Override = *A;
  }
  // Each kernel's occupancy, when a block size is given.
  auto Occupancy = [&](const ptxas::Function &F)
      -> std::optional<std::pair<const SmArch *, OccupancyInput>> {
    if (!O.Threads || !F.IsKernel)
      return std::nullopt;
    const SmArch *A = Override;
    if (!A) {
      auto Found = lookupSmArch(F.Arch);
      if (!Found) {
        // A target the table does not know (compute_88 of CUDA 13, say):
        // said once per kernel, not guessed.
        consumeError(Found.takeError());
        return std::make_pair(static_cast<const SmArch *>(nullptr),
                              OccupancyInput());
      }
      A = *Found;
    }
    OccupancyInput In;
    In.Threads = *O.Threads;
    In.Regs = F.Registers.value_or(0);
    In.Smem = F.Smem.value_or(0) + O.Smem.value_or(0);
    In.Barriers = F.Barriers.value_or(1);
    return std::make_pair(A, In);
  };

  if (O.Json) {
    json::OStream J(outs(), 2);
    J.object([&] {
      J.attributeArray("functions", [&] {
        for (const ptxas::Function &F : Rep->Functions)
          J.object([&] {
            J.attribute("name", F.Name);
            J.attribute("baseName", F.BaseName);
            J.attribute("templateArgs", F.TemplateArgs);
            J.attribute("mangledName", F.Mangled);
            J.attribute("demangled", F.Demangled);
            J.attribute("kind", F.IsKernel ? "kernel" : "device-function");
            J.attribute("arch", F.Arch);
            J.attribute("line", F.Line);
            auto Opt = [&](StringRef Key, auto V) {
              if (V)
                J.attribute(Key, *V);
            };
            Opt("registers", F.Registers);
            Opt("barriers", F.Barriers);
            Opt("stackFrame", F.StackFrame);
            Opt("spillStores", F.SpillStores);
            Opt("spillLoads", F.SpillLoads);
            Opt("smem", F.Smem);
            Opt("lmem", F.Lmem);
            Opt("cumulativeStack", F.CumulativeStack);
            if (!F.Cmem.empty())
              writeCmem(J, F.Cmem);
            Opt("compileTimeMs", F.CompileTimeMs);
            auto Occ = Occupancy(F);
            if (Occ && !Occ->first)
              J.attribute("occupancyError",
                          "no SM data for '" + F.Arch + "' (use --arch)");
            if (Occ && Occ->first) {
              OccupancyResult R = computeOccupancy(*Occ->first, Occ->second);
              J.attributeObject("occupancy", [&] {
                writeResult(J, *Occ->first, Occ->second, R);
              });
            }
          });
      });
      J.attributeArray("modules", [&] {
        for (const ptxas::Module &M : Rep->Modules)
          J.object([&] {
            J.attribute("arch", M.Arch);
            J.attribute("line", M.Line);
            J.attribute("gmem", M.Gmem);
            if (!M.Cmem.empty())
              writeCmem(J, M.Cmem);
          });
      });
      J.attributeArray("diagnostics", [&] {
        for (const ptxas::Diagnostic &D : Rep->Diagnostics)
          J.object([&] {
            J.attribute("line", D.Line);
            J.attribute("kind", ptxas::Diagnostic::kindName(D.K));
            J.attribute("message", D.Message);
          });
      });
    });
    outs() << "\n";
  } else {
    raw_ostream &OS = outs();
    for (const ptxas::Function &F : Rep->Functions) {
      OS << (F.IsKernel ? "kernel " : "device function ") << F.Name;
      if (F.Name != F.Mangled)
        OS << " (" << F.Mangled << ")";
      OS << " for " << (F.Arch.empty() ? "?" : F.Arch) << ":";
      SmallVector<std::string, 6> Parts;
      if (F.Registers)
        Parts.push_back(std::to_string(*F.Registers) + " registers");
      if (F.Barriers)
        Parts.push_back(std::to_string(*F.Barriers) + " barriers");
      if (F.Smem)
        Parts.push_back(std::to_string(*F.Smem) + " bytes smem");
      if (F.StackFrame)
        Parts.push_back(std::to_string(*F.StackFrame) + " bytes stack");
      if (F.SpillStores.value_or(0) || F.SpillLoads.value_or(0))
        Parts.push_back("spills " + std::to_string(F.SpillStores.value_or(0)) +
                        " bytes stored, " +
                        std::to_string(F.SpillLoads.value_or(0)) + " loaded");
      OS << (Parts.empty() ? std::string(" no resources reported")
                           : " " + join(Parts, ", "))
         << "\n";
      auto Occ = Occupancy(F);
      if (Occ && !Occ->first)
        OS << "  no SM data for '" << F.Arch << "' (use --arch)\n";
      if (Occ && Occ->first) {
        OccupancyResult R = computeOccupancy(*Occ->first, Occ->second);
        if (R.ok())
          OS << "  " << Occ->second.Threads << " threads: occupancy "
             << percent(R.Occupancy) << " (" << R.ActiveWarps << " of "
             << R.MaxWarps << " warps), limited by " << limiterName(R.Primary)
             << "\n";
        else
          OS << "  " << Occ->second.Threads
             << " threads: cannot run: " << R.ErrorMessage << "\n";
      }
    }
    for (const ptxas::Diagnostic &D : Rep->Diagnostics)
      OS << *O.PtxasFile << ":" << D.Line << ": "
         << ptxas::Diagnostic::kindName(D.K) << ": " << D.Message << "\n";
  }
  // Unrecognized lines are listed but harmless: real nvcc output has some
  // (its command, a host compiler's warnings).
  unsigned Errors = Rep->count(ptxas::Diagnostic::Error);
  if (Errors)
    errs() << "warplint: " << *O.PtxasFile << ": " << Errors << " error"
           << (Errors == 1 ? "" : "s") << " in the ptxas report\n";
  return Errors ? 1 : 0;
}

} // namespace

int runOccupancyCommand(int Argc, const char **Argv) {
  CommandOptions O;
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (Arg == "--help" || Arg == "-help" || Arg == "-h") {
      outs() << Help;
      return 0;
    }
    if (Arg == "--batch") {
      O.Batch = true;
      continue;
    }
    if (Arg == "--steps") {
      O.Steps = true;
      continue;
    }
    // --name=value or --name value
    if (!Arg.starts_with("--"))
      return usage("unexpected argument '" + Arg +
                   "' (see 'warplint occupancy --help')");
    auto [Name, Value] = Arg.drop_front(2).split('=');
    bool HasValue = Arg.contains('=');
    static const char *const WithValue[] = {
        "arch", "threads", "regs", "smem", "barriers", "format", "parse-ptxas"};
    if (!is_contained(WithValue, Name))
      return usage("unknown option '--" + Name +
                   "' (see 'warplint occupancy --help')");
    if (!HasValue) {
      if (I + 1 >= Argc)
        return usage("option '--" + Name + "' needs a value");
      Value = Argv[++I];
    }
    if (Name == "arch") {
      O.Arch = Value.str();
    } else if (Name == "format") {
      if (Value != "text" && Value != "json")
        return usage("--format must be text or json, not '" + Value + "'");
      O.Json = Value == "json";
    } else if (Name == "parse-ptxas") {
      if (Value.empty())
        return usage("--parse-ptxas needs a file name, or '-' for stdin");
      O.PtxasFile = Value.str();
    } else {
      auto V = parseNumber(Value, /*Sizes=*/Name == "smem");
      if (!V)
        return usage("--" + Name + " must be a non-negative number" +
                     (Name == "smem" ? " of bytes (K or KB: x1024)" : "") +
                     ", not '" + Value + "'");
      if (Name == "threads")
        O.Threads = *V;
      else if (Name == "regs")
        O.Regs = *V;
      else if (Name == "smem")
        O.Smem = *V;
      else if (*V > 64)
        return usage("--barriers must be from 0 to 64, not '" + Value + "'");
      else
        O.Barriers = unsigned(*V);
    }
  }
  if (O.Batch && O.PtxasFile)
    return usage("--batch and --parse-ptxas cannot be combined");
  if (O.Steps && !O.Batch)
    return usage("--steps goes with --batch (single results always have them)");
  if (O.Batch) {
    if (O.Arch || O.Threads || O.Regs || O.Smem)
      return usage("--batch reads the architecture and sizes from stdin; "
                   "--arch, --threads, --regs and --smem do not apply");
    return runBatch(O);
  }
  if (O.PtxasFile)
    return runPtxas(O);
  return runSingle(O);
}
