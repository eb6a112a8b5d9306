//===-- Explain.cpp - What warplint says of each shared access ------------===//
#include "warplint/Output/Explain.h"
#include "warplint/Model/PtxAccess.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include <algorithm>
#include <cstring>

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
      if (!R.Fix.empty())
        O["fix"] = R.Fix;
      if (R.Fixed && R.Fixed->State == AccessResult::Ok)
        O["fixedDegree"] = R.Fixed->degree();
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

/// Text broken into lines of at most Width columns (0: no limit) at
/// spaces, a word longer than a line cut; each line after the first is
/// indented two columns more than Text.
static std::string wrap(StringRef Text, unsigned Width) {
  size_t Indent = Text.find_first_not_of(' ');
  if (!Width || Text.size() <= Width || Indent == StringRef::npos)
    return Text.str() + "\n";
  std::string More(std::min<size_t>(Indent + 2, Width / 2), ' ');
  std::string Out, Line(Text.substr(0, Indent));
  SmallVector<StringRef, 16> Words;
  Text.substr(Indent).split(Words, ' ', -1, /*KeepEmpty=*/false);
  bool First = true; // the line has no word yet
  for (StringRef W : Words) {
    if (!First && Line.size() + 1 + W.size() > Width) {
      Out += Line + "\n";
      Line = More;
      First = true;
    }
    while (Line.size() + (First ? 0 : 1) + W.size() > Width) {
      // A word wider than a whole line: cut it.
      size_t Room = Width - Line.size() - (First ? 0 : 1);
      Out += Line + (First ? "" : " ") + W.take_front(Room).str() + "\n";
      W = W.drop_front(Room);
      Line = More;
      First = true;
    }
    if (W.empty())
      continue;
    Line += (First ? "" : " ") + W.str();
    First = false;
  }
  return Out + Line + "\n";
}

/// The verbs of an access kind (SharedAccessInfo::Access), for the
/// legend: "read" for a load, "write" for a store.
static StringRef verbOf(StringRef Access) {
  if (Access == "store")
    return "write";
  if (Access == "atomic")
    return "update";
  if (Access == "load-store")
    return "read and write";
  return "read";
}

/// The label of wavefront I (from 0) of the map: "wavefront 3", or with
/// several phases "p2 wf 3".
static std::string rowLabel(const std::vector<WavefrontRow> &Rows, size_t I,
                            unsigned Phases) {
  if (Phases > 1)
    return "p" + std::to_string(Rows[I].Phase + 1) + " wf " +
           std::to_string(I + 1);
  return "wavefront " + std::to_string(I + 1);
}

/// The bank map of R's worst warp: a column per bank, a row per wavefront,
/// each cell the lane (or lanes) served there; with Color, the cells of
/// the wavefronts past a phase's first in bold red. With Width (columns)
/// too narrow for the 32 banks side by side, the banks in groups of 16 or
/// 8 that fit, one grid after the other. Then its wavefronts and degree.
static std::string renderBankMap(const AccessResult &R, unsigned Bytes,
                                 bool Color, unsigned Width) {
  std::vector<WavefrontRow> Rows;
  WarpBanks B = warpBanks(R.Lanes, Bytes, &Rows);
  std::string S;
  auto Cell = [](const std::string &T) {
    return T.size() >= 4 ? T.substr(0, 4) : std::string(4 - T.size(), ' ') + T;
  };
  unsigned Phases = phasesFor(Bytes);
  // The row labels take the longest label and a space; each bank 4.
  size_t LabelWidth = strlen("bank") + 1;
  for (size_t I = 0; I < Rows.size(); ++I)
    LabelWidth = std::max(LabelWidth, rowLabel(Rows, I, Phases).size() + 1);
  unsigned Group = NumBanks;
  while (Width && Group > 8 && LabelWidth + 4 * Group > Width)
    Group /= 2;
  for (unsigned First = 0; First < NumBanks; First += Group) {
    if (First)
      S += "\n";
    // A group of banks no wavefront uses: one line.
    if (Group < NumBanks &&
        llvm::none_of(
            Rows,
            [&](const WavefrontRow &Row) {
              return llvm::any_of(
                  llvm::seq(First, First + Group),
                  [&](unsigned K) { return bool(Row.Word[K]); });
            })) {
      S += "banks " + std::to_string(First) + ".." +
           std::to_string(First + Group - 1) + ": idle in every wavefront\n";
      continue;
    }
    S += std::string(LabelWidth - strlen("bank"), ' ') + "bank";
    for (unsigned K = First; K < First + Group; ++K)
      S += Cell(std::to_string(K));
    S += "\n";
    for (size_t I = 0; I < Rows.size(); ++I) {
      const WavefrontRow &Row = Rows[I];
      std::string Label = rowLabel(Rows, I, Phases);
      S += Label + std::string(LabelWidth - Label.size(), ' ');
      for (unsigned K = First; K < First + Group; ++K) {
        std::string T = ".";
        if (Row.Word[K]) {
          T = std::to_string(Row.Lanes[K].front());
          if (Row.Lanes[K].size() > 1)
            T += "+"; // more lanes on this word
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
  std::string Total =
      std::to_string(B.Wavefronts) + " wavefront" +
      (B.Wavefronts == 1 ? "" : "s") + " where " + std::to_string(B.Phases) +
      " would do: " + formatDegree(B.Wavefronts, B.Phases) + "-way";
  if (B.Wavefronts > B.Phases)
    Total += " (" + describeConflict(R, Bytes) + ")";
  return S + wrap(Total, Width);
}

/// What each mark of the bank map means, for an access of kind Access
/// (SharedAccessInfo::Access) of Bytes bytes.
static std::string legend(StringRef Access, unsigned Bytes, bool Matrix,
                          bool Color, unsigned Width) {
  StringRef Verb = verbOf(Access);
  std::string S = wrap(
      ("legend: a number is the lane whose word the bank serves in that "
       "wavefront (the first, when several lanes " +
       Verb + " it); '+' after it: more lanes " + Verb +
       " the same word, served at once" +
       (Verb == "read" ? " (a broadcast)" : "") + "; '.': the bank is idle")
          .str(),
      Width);
  // A matrix instruction's phases are said above its map.
  if (unsigned Phases = phasesFor(Bytes); !Matrix && Phases > 1)
    S += wrap("pN wf M: wavefront M, in phase N: " + std::to_string(Bytes) +
                  "-byte accesses are served in " + std::to_string(Phases) +
                  " phases of " + std::to_string(32 / Phases) + " lanes",
              Width);
  else if (!Matrix)
    S += wrap("wavefront N: the Nth pass of the banks; one would do", Width);
  if (Color)
    S += wrap("in red: the wavefronts past the first of their phase, the "
              "conflict's cost",
              Width);
  return S;
}

/// The first line of the explanation of I: the access, its size and its
/// function.
static std::string headline(const SharedAccessInfo &I, bool Matrix) {
  std::string S;
  raw_string_ostream OS(S);
  StringRef Instr(I.Instruction);
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
  OS << " in '" << I.Function << "'";
  return S;
}

/// The line that introduces run R of I: its block shape, where it comes
/// from, and what the analysis says of it.
static std::string runLine(const SharedAccessInfo &I,
                           const SharedAccessInfo::Run &R) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "  " << (R.Assumed ? "assumed block " : "block ") << shapeText(R.Block);
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
         << "', a value known only at run time: " << D->Text;
    else
      OS << "unknown (" << R.Result.Why << ")";
    return S;
  case AccessResult::NeverRuns:
    OS << "no thread executes it";
    return S;
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
     << ")";
  return S;
}

void writeExplanation(raw_ostream &OS, const SharedAccessInfo &I, bool Color,
                      unsigned Width, bool Headline) {
  bool Matrix = model::isMatrixInstruction(I.Instruction);
  if (Color && Headline)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  if (Headline)
    OS << wrap(headline(I, Matrix), Width);
  if (Color && Headline)
    OS.resetColor();
  if (I.Runs.empty()) {
    OS << wrap("  not analysed: " + (I.WhyUnknown.empty()
                                         ? "its address is not known"
                                         : I.WhyUnknown),
               Width);
    if (!I.Tile.empty())
      OS << wrap("  the tile: " + I.Tile, Width);
    return;
  }
  bool Legend = false; // said once, after the first map
  for (const SharedAccessInfo::Run &R : I.Runs) {
    if (R.Assumed)
      OS << "\n"
         << wrap("  no launch in this file gives the block shape of '" +
                     (R.Kernel.empty() ? I.Function : R.Kernel) +
                     "': assumed (--block-dim=X,Y,Z or the option "
                     "warplint-bank-conflict.BlockDim gives the real one)",
                 Width);
    OS << (R.Assumed ? "" : "\n") << wrap(runLine(I, R), Width);
    if (R.Result.State != AccessResult::Ok)
      continue;
    if (!R.Result.ByCycleValue.empty())
      OS << wrap("  " + cycleValuesText(R.Result), Width);
    OS << "\n";
    if (Matrix)
      OS << wrap("each phase pN is matrix N-1: the 8 rows of 16 bytes whose "
                 "addresses lanes 8(N-1)..8(N-1)+7 give, one row per lane",
                 Width);
    OS << renderBankMap(R.Result, I.Bytes, Color, Width);
    if (!Legend)
      OS << legend(I.Access, I.Bytes, Matrix, Color, Width);
    Legend = true;
    if (R.Fixed) {
      OS << "\n" << wrap("fix: " + R.Fix + "; the same warp then:", Width);
      OS << renderBankMap(*R.Fixed, I.Bytes, Color, Width);
    }
  }
}

} // namespace warplint
