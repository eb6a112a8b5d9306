//===-- BankModel.cpp - The hardware rules of shared-memory banks ---------===//
//
// What the hardware does with one warp's access (BankModel.h): the phases
// of an access by its size, the words each bank serves in a phase and the
// wavefronts they cost (warpBanks), and the least any lane mapping pays to
// move a tile (tileBound). analyzeAccess() applies them to every warp of a
// block (AccessAnalysis.cpp); BankText.cpp puts them into words.
//
//===----------------------------------------------------------------------===//
#include "warplint/Model/BankModel.h"
#include "BankWords.h"
#include "llvm/ADT/STLExtras.h"

namespace warplint::model {

using namespace detail;

TileBound tileBound(unsigned Rows, unsigned RowBytes, uint64_t Stride) {
  TileBound B;
  if (Rows == 0 || RowBytes == 0)
    return B;
  // The words of each bank; a 32-byte aligned start only rotates banks.
  std::array<std::vector<uint64_t>, NumBanks> Words;
  for (uint64_t R = 0; R < Rows; ++R)
    for (uint64_t W = 0; W < (RowBytes + BankBytes - 1) / BankBytes; ++W) {
      uint64_t Word = (R * Stride) / BankBytes + W;
      Words[Word % NumBanks].push_back(Word);
    }
  for (unsigned K = 0; K < NumBanks; ++K) {
    llvm::sort(Words[K]);
    Words[K].erase(std::unique(Words[K].begin(), Words[K].end()),
                   Words[K].end());
    unsigned N = unsigned(Words[K].size());
    B.BanksUsed += N > 0;
    if (N > B.MaxWords) {
      B.MaxWords = N;
      B.Bank = K;
    }
  }
  uint64_t Bytes = uint64_t(Rows) * RowBytes;
  B.Ideal = unsigned(std::max<uint64_t>(1, (Bytes + NumBanks * BankBytes - 1) /
                                               (NumBanks * BankBytes)));
  return B;
}

unsigned phasesFor(unsigned Bytes) { return Bytes <= 4 ? 1 : Bytes / 4; }

WarpBanks warpBanks(const LaneAddresses &Lanes, unsigned AccessBytes,
                    std::vector<WavefrontRow> *Rows) {
  WarpBanks R;
  unsigned Phases = phasesFor(AccessBytes);
  unsigned LanesPerPhase = 32 / Phases;
  for (unsigned Ph = 0; Ph < Phases; ++Ph) {
    // Per bank: the distinct words, in the order lanes first ask for them,
    // and the lanes that want each.
    struct WordLanes {
      int64_t Word;
      llvm::SmallVector<unsigned, 2> Lanes;
    };
    std::array<llvm::SmallVector<WordLanes, 2>, NumBanks> Banks;
    bool Any = false;
    for (unsigned L = Ph * LanesPerPhase; L < (Ph + 1) * LanesPerPhase; ++L) {
      if (!Lanes[L])
        continue;
      Any = true;
      auto [First, Last] = wordSpan(*Lanes[L], AccessBytes);
      for (int64_t W = First; W <= Last; ++W) {
        auto &B = Banks[bankOf(W)];
        auto It =
            llvm::find_if(B, [&](const WordLanes &X) { return X.Word == W; });
        if (It == B.end())
          B.push_back({W, {L}});
        else if (It->Lanes.empty() || It->Lanes.back() != L)
          It->Lanes.push_back(L);
      }
    }
    if (!Any)
      continue;
    ++R.Phases;
    unsigned Max = 0, MaxBank = 0;
    for (unsigned B = 0; B < NumBanks; ++B)
      if (Banks[B].size() > Max) {
        Max = Banks[B].size();
        MaxBank = B;
      }
    // The worst bank overall: the first bank of the first phase that needs
    // the most words.
    if (Max > R.WorstWords) {
      R.WorstBank = MaxBank;
      R.WorstPhase = Ph;
      R.WorstWords = Max;
    }
    R.Wavefronts += Max;
    if (Rows)
      for (unsigned Row = 0; Row < Max; ++Row) {
        WavefrontRow W;
        W.Phase = Ph;
        for (unsigned B = 0; B < NumBanks; ++B)
          if (Row < Banks[B].size()) {
            W.Word[B] = Banks[B][Row].Word;
            W.Lanes[B] = Banks[B][Row].Lanes;
          }
        Rows->push_back(std::move(W));
      }
  }
  return R;
}

} // namespace warplint::model
