//===-- OccupancyCalculator.cpp - `warplint occupancy` --------------------===//
#include "warplint/Calculator/OccupancyCalculator.h"
#include "ResultJson.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace warplint::model;

namespace warplint::calc {

std::optional<uint64_t> parseCount(StringRef S, bool Sizes) {
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

namespace {

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
  writeResultFields(J, R);
  writeLimits(J, R);
  if (!Full || !R.ok())
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

void writeCmem(json::OStream &J, const ptxas::CmemBanks &Banks) {
  J.attributeObject("cmem", [&] {
    for (auto [Bank, Bytes] : Banks)
      J.attribute(std::to_string(Bank), Bytes);
  });
}

} // namespace

void writeResultFields(json::OStream &J, const OccupancyResult &R) {
  J.attribute("activeBlocksPerSM", R.ActiveBlocks);
  J.attribute("activeWarpsPerSM", R.ActiveWarps);
  J.attribute("maxWarpsPerSM", R.MaxWarps);
  J.attribute("occupancy", R.Occupancy);
  if (!R.ok()) {
    J.attribute("limiter", nullptr);
    J.attribute("error", R.ErrorMessage);
    return;
  }
  J.attribute("limiter", limiterName(R.Primary));
  J.attributeArray("limiters", [&] {
    for (Limiter L : {LimitWarps, LimitBlocks, LimitRegisters,
                      LimitSharedMemory, LimitBarriers})
      if (R.Limiters & L)
        J.value(limiterName(L));
  });
}

void printOccupancy(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
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
  // Only a block size that does better than this one; a tie is this one.
  if (S.BestThreads && S.BestActiveWarps > R.ActiveWarps)
    OS << "  best block size: " << S.BestThreads << " threads, "
       << S.BestActiveWarps << " warps per SM ("
       << percent(double(S.BestActiveWarps) / R.MaxWarps) << ")\n";
  else if (S.BestThreads)
    OS << "  best block size: this one (no block size gives more than "
       << R.ActiveWarps << " warps per SM)\n";
}

void writeOccupancyJson(raw_ostream &OS, const SmArch &A,
                        const OccupancyInput &In, const OccupancyResult &R,
                        const OccupancySteps &S) {
  json::OStream J(OS, 2);
  J.object([&] {
    writeResult(J, A, In, R);
    if (R.ok())
      writeSteps(J, S);
  });
  OS << "\n";
}

bool writeBatch(raw_ostream &OS, StringRef Input, bool Steps) {
  StringMap<const SmArch *> Archs;
  bool Bad = false;
  SmallVector<StringRef, 0> Lines;
  Input.split(Lines, '\n');
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
      auto A = lookupSmArch(Fields[0]);
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
      auto V = parseCount(Fields[K], /*Sizes=*/K == 3);
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
      writeResult(J, A, In, R, /*Full=*/Steps);
      if (Steps && R.ok())
        writeSteps(J, occupancySteps(A, In, R));
    });
    OS << "\n";
  }
  return !Bad;
}

void summariseReport(raw_ostream &OS, const ptxas::Report &Report,
                     const ReportSummaryOptions &O) {
  // Each kernel's occupancy, when a block size is given.
  auto Occupancy = [&](const ptxas::Function &F)
      -> std::optional<std::pair<const SmArch *, OccupancyInput>> {
    if (!O.Threads || !F.IsKernel)
      return std::nullopt;
    const SmArch *A = O.Arch;
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
    In.Smem = F.Smem.value_or(0) + O.DynamicSmem;
    In.Barriers = F.Barriers.value_or(1);
    return std::make_pair(A, In);
  };

  if (O.Json) {
    json::OStream J(OS, 2);
    J.object([&] {
      J.attributeArray("functions", [&] {
        for (const ptxas::Function &F : Report.Functions)
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
            Opt("maxThreads", F.MaxThreads);
            Opt("maxRegisters", F.MaxRegisters);
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
        for (const ptxas::Module &M : Report.Modules)
          J.object([&] {
            J.attribute("arch", M.Arch);
            J.attribute("line", M.Line);
            J.attribute("gmem", M.Gmem);
            if (!M.Cmem.empty())
              writeCmem(J, M.Cmem);
          });
      });
      J.attributeArray("diagnostics", [&] {
        for (const ptxas::Diagnostic &D : Report.Diagnostics)
          J.object([&] {
            J.attribute("line", D.Line);
            J.attribute("kind", ptxas::Diagnostic::kindName(D.K));
            J.attribute("message", D.Message);
          });
      });
    });
    OS << "\n";
  } else {
    for (const ptxas::Function &F : Report.Functions) {
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
      else if (F.StackFrame.value_or(0) && !F.SpillStores)
        // An object records the frame, not the spills.
        Parts.push_back("spills unknown");
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
    for (const ptxas::Diagnostic &D : Report.Diagnostics)
      OS << O.Name << ":" << D.Line << ": " << ptxas::Diagnostic::kindName(D.K)
         << ": " << D.Message << "\n";
  }
}

} // namespace warplint::calc
