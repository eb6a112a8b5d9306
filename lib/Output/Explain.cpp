//===-- Explain.cpp - What warplint says of each shared access ------------===//
#include "warplint/Output/Explain.h"
#include "warplint/Model/PtxAccess.h"
#include <algorithm>

using namespace llvm;
using namespace warplint::model;

namespace warplint {

static const char *stateName(AccessResult::Status S) {
  switch (S) {
  case AccessResult::Ok:
    return "ok";
  case AccessResult::Unknown:
    return "unknown";
  case AccessResult::NeverRuns:
    return "never-runs";
  }
  return "unknown";
}

/// The degree as a function of a run-time value (ParametricDegree): the
/// dump's "parametric" field of a run.
static json::Value parametricJson(const ParametricDegree &D) {
  auto Deg = [](std::pair<unsigned, unsigned> X) {
    return X.second ? double(X.first) / X.second : 0.0;
  };
  json::Array Classes;
  for (const auto &C : D.Classes)
    Classes.push_back(C ? json::Value(Deg(*C)) : json::Value(nullptr));
  json::Array Exceptions;
  for (const auto &[V, W, P] : D.Exceptions)
    Exceptions.push_back(json::Object{{"value", V}, {"degree", Deg({W, P})}});
  json::Object O{{"value", D.Name},
                 {"multipleOf", D.Multiple},
                 {"period", D.Period},
                 {"degreeByResidue", std::move(Classes)},
                 {"exceptions", std::move(Exceptions)},
                 {"minDegree", Deg(D.Min)},
                 {"maxDegree", Deg(D.Max)},
                 {"conflictsForEveryValue", D.conflictsForEvery()},
                 {"text", D.Text}};
  // What the code's conditions on the value decide (only where it has
  // some): the values below Below, and whether some never run it.
  if (!D.Conditions.empty()) {
    json::Array Conditions;
    for (const std::string &C : D.Conditions)
      Conditions.push_back(C);
    O["conditions"] = std::move(Conditions);
    O["neverRunsForSome"] = D.NeverForSome;
  }
  if (D.Below) {
    json::Array Below;
    for (const auto &C : D.BelowClasses)
      Below.push_back(C ? json::Value(Deg(*C)) : json::Value(nullptr));
    O["below"] = *D.Below;
    O["belowDegreeByResidue"] = std::move(Below);
  }
  return O;
}

json::Value sharedAccessJson(const SharedAccessInfo &I) {
  json::Array Runs;
  for (const SharedAccessInfo::Run &R : I.Runs) {
    json::Object O{{"blockDim", json::Array{R.Block.X, R.Block.Y, R.Block.Z}},
                   {"assumed", R.Assumed},
                   {"kernel", R.Kernel},
                   {"via", R.Via},
                   {"state", stateName(R.Result.State)}};
    if (!R.AssumedWhy.empty())
      O["assumedWhy"] = R.AssumedWhy;
    if (R.Result.State == AccessResult::Ok) {
      O["wavefronts"] = R.Result.Wavefronts;
      O["phases"] = R.Result.Phases;
      O["degree"] = R.Result.degree();
      O["warp"] = R.Result.Warp;
      json::Object L;
      for (const auto &[Name, V] : R.Result.LoopValues)
        L[Name] = V;
      O["loopValues"] = std::move(L);
      if (!R.Result.ByCycleValue.empty()) {
        json::Array C;
        for (const auto &[V, D] : R.Result.ByCycleValue)
          C.push_back(json::Object{
              {"value", V},
              {"degree", D.second ? double(D.first) / D.second : 0.0}});
        O["byCycleValue"] = std::move(C);
      }
    } else if (R.Result.State == AccessResult::Unknown) {
      O["why"] = R.Result.Why;
      if (const auto &D = R.Result.Parametric)
        O["parametric"] = parametricJson(*D);
    }
    Runs.push_back(std::move(O));
  }
  json::Array Through;
  for (const SharedAccessInfo::Span &S : I.Through)
    Through.push_back(json::Object{
        {"file", S.File}, {"line", S.Line}, {"endLine", S.EndLine}});
  json::Object O{{"file", I.Loc.File},
                 {"line", I.Loc.Line},
                 {"endLine", std::max(I.EndLine, I.Loc.Line)},
                 {"column", I.Loc.Column},
                 {"text", I.Text},
                 {"access", I.Access},
                 {"instruction", I.Instruction},
                 {"bytes", I.Bytes},
                 {"array", I.Array},
                 {"function", I.Function},
                 {"whyUnknown", I.WhyUnknown},
                 {"runs", std::move(Runs)},
                 {"derivation", std::move(Through)}};
  // A WMMA tile's rows and least wavefronts (see SharedAccessInfo::Tile).
  if (!I.Tile.empty())
    O["tile"] = I.Tile;
  return O;
}

/// A terminal picture of the worst warp's wavefronts: one column per bank,
/// one row per wavefront, each cell the lane (or lanes) served there; with
/// Color, the cells of the wavefronts past a phase's first in bold red.
/// The bank map of R's worst warp: a column per bank, a row per wavefront;
/// with Width (columns) too narrow for the 32 banks side by side, the banks
/// in groups that fit (at least 8 a group), one grid per group.
static std::string renderBankMap(const AccessResult &R, unsigned Bytes,
                                 bool Color, unsigned Width) {
  std::vector<WavefrontRow> Rows;
  WarpBanks B = warpBanks(R.Lanes, Bytes, &Rows);
  std::string S;
  auto Cell = [](const std::string &T) {
    return T.size() >= 4 ? T.substr(0, 4) : std::string(4 - T.size(), ' ') + T;
  };
  // The row labels take 17 columns, each bank 4.
  unsigned Group = NumBanks;
  while (Width && Group > 8 && 17 + 4 * Group > Width)
    Group /= 2;
  unsigned Phases = phasesFor(Bytes);
  for (unsigned First = 0; First < NumBanks; First += Group) {
    if (First)
      S += "\n";
    S += std::string(13, ' ') + "bank"; // as wide as the row labels
    for (unsigned K = First; K < First + Group; ++K)
      S += Cell(std::to_string(K));
    S += "\n";
    for (size_t I = 0; I < Rows.size(); ++I) {
      const WavefrontRow &Row = Rows[I];
      std::string Label = "wavefront " + std::to_string(I + 1);
      if (Phases > 1)
        Label = "p" + std::to_string(Row.Phase + 1) + " wf " +
                std::to_string(I + 1);
      S += Label + std::string(Label.size() < 17 ? 17 - Label.size() : 1, ' ');
      for (unsigned K = First; K < First + Group; ++K) {
        std::string T;
        if (Row.Word[K]) {
          T = std::to_string(Row.Lanes[K].front());
          if (Row.Lanes[K].size() > 1)
            T += "+"; // a broadcast: more lanes read this word
        } else {
          T = ".";
        }
        std::string C = Cell(T);
        bool Hot = Row.Word[K] && I > 0 && Rows[I - 1].Phase == Row.Phase;
        if (Color && Hot)
          S += "\x1b[1;31m" + C + "\x1b[0m";
        else
          S += C;
      }
      S += "\n";
    }
  }
  S += "cells: the first lane served; '+': more lanes read the same word "
       "(a broadcast); '.': bank idle\n";
  S += std::to_string(B.Wavefronts) + " wavefront" +
       (B.Wavefronts == 1 ? "" : "s") + " where " + std::to_string(B.Phases) +
       " would do: " + formatDegree(B.Wavefronts, B.Phases) + "-way";
  if (B.Wavefronts > B.Phases)
    S += " (" + describeConflict(R, Bytes) + ")";
  S += "\n";
  return S;
}

void writeExplanation(raw_ostream &OS, const SharedAccessInfo &I, bool Color,
                      unsigned Width) {
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  StringRef Instr(I.Instruction);
  bool Matrix = model::isMatrixInstruction(Instr);
  OS << I.Loc.File << ":" << I.Loc.Line << ":" << I.Loc.Column
     << ": shared-memory " << I.Access;
  if (!Instr.empty())
    OS << " by " << Instr << " at";
  else
    OS << " of";
  OS << " '" << I.Text << "'";
  if (Matrix)
    OS << " (" << I.AddressLanes / 8 << " 8x8 matri"
       << (I.AddressLanes == 8 ? "x" : "ces") << " of 16-byte rows)";
  else if (I.Bytes)
    OS << " (" << I.Bytes << " byte" << (I.Bytes == 1 ? "" : "s") << ")";
  OS << " in '" << I.Function << "'\n";
  if (Color)
    OS.resetColor();
  if (I.Runs.empty()) {
    OS << "  not analysed: "
       << (I.WhyUnknown.empty() ? "its address is not known" : I.WhyUnknown)
       << "\n";
    if (!I.Tile.empty())
      OS << "  the tile: " << I.Tile << "\n";
    return;
  }
  for (const SharedAccessInfo::Run &R : I.Runs) {
    if (R.Assumed)
      OS << "\n  no launch in this file gives the block shape of '"
         << (R.Kernel.empty() ? I.Function : R.Kernel)
         << "': assumed (--block-dim=X,Y,Z or the option "
            "warplint-bank-conflict.BlockDim gives the real one)";
    OS << "\n  " << (R.Assumed ? "assumed block " : "block ")
       << shapeText(R.Block);
    if (!R.Kernel.empty())
      OS << " (kernel '" << R.Kernel << "'" << (R.Via.empty() ? "" : ", ")
         << R.Via << ")";
    if (!R.AssumedWhy.empty())
      OS << " (no launch gives its shape: " << R.AssumedWhy << ")";
    for (const auto &[Name, V] : R.Result.LoopValues)
      OS << ", " << Name << " = " << V;
    OS << ": ";
    switch (R.Result.State) {
    case AccessResult::Unknown:
      if (const auto &D = R.Result.Parametric)
        OS << "depends on '" << D->Name
           << "', a value known only at run time: " << D->Text << "\n";
      else
        OS << "unknown (" << R.Result.Why << ")\n";
      continue;
    case AccessResult::NeverRuns:
      OS << "no thread executes it\n";
      continue;
    case AccessResult::Ok:
      break;
    }
    uint64_t T0 = uint64_t(R.Result.Warp) * 32;
    uint64_t T1 = std::min<uint64_t>(T0 + 31, R.Block.threads() - 1);
    OS << (R.Result.conflicts()
               ? formatDegree(R.Result.Wavefronts, R.Result.Phases) +
                     "-way bank conflict"
               : std::string("no bank conflict"))
       << "; worst warp " << R.Result.Warp << " (threads " << T0 << ".." << T1
       << ")\n";
    if (!R.Result.ByCycleValue.empty())
      OS << "  " << cycleValuesText(R.Result) << "\n";
    OS << "\n";
    if (Matrix)
      OS << "each phase pN is matrix N-1: the 8 rows of 16 bytes whose "
            "addresses lanes 8(N-1)..8(N-1)+7 give, one row per lane\n";
    OS << renderBankMap(R.Result, I.Bytes, Color, Width);
  }
}

} // namespace warplint
