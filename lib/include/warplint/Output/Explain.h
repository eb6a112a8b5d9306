//===-- Explain.h - What warplint says of each shared access -----*- C++ -*-===//
///
/// `warplint explain FILE:LINE[:COL]` prints, for each shared-memory access
/// there, the bank map of its worst warp in each block shape; the hidden
/// option --dump-shared-accesses prints every access as JSON (the property
/// test compares it with an independent enumerator).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_EXPLAIN_H
#define WARPLINT_OUTPUT_EXPLAIN_H

#include "warplint/Core/Finding.h"
#include "warplint/Model/BankModel.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

namespace warplint {

/// One shared-memory access and what the bank model says of it, for
/// `warplint explain` and --dump-shared-accesses.
struct SharedAccessInfo {
  FileLocation Loc;
  unsigned EndLine = 0; ///< the last line of the access's expression
  std::string Text;     ///< the access as written
  std::string Access;   ///< load, store, load-store, atomic
  /// The instruction or call, for accesses that are not C++ loads and
  /// stores ("ldmatrix.x4", "cp.async.cg"); empty otherwise.
  std::string Instruction;
  unsigned AddressLanes = 32; ///< lanes that give addresses (ldmatrix)
  /// For a WMMA tile: its rows, and the least wavefronts any lane mapping
  /// needs ("16 rows of 32 bytes, 128 bytes apart: ...").
  std::string Tile;
  std::string Array;    ///< the shared variable, when known
  std::string Function; ///< the function that holds the access
  unsigned Bytes = 0;
  std::string WhyUnknown;
  struct Run {
    model::Dim3 Block;
    bool Assumed = false;
    std::string Kernel;
    std::string Via;
    model::AccessResult Result;
  };
  std::vector<Run> Runs;
  /// Other source lines the address was followed through from the shared
  /// variable: a pointer's definition, a call's argument, a return.
  struct Span {
    std::string File;
    unsigned Line = 0, EndLine = 0;
    bool operator<(const Span &O) const {
      return std::tie(File, Line, EndLine) < std::tie(O.File, O.Line, O.EndLine);
    }
    bool operator==(const Span &O) const {
      return File == O.File && Line == O.Line && EndLine == O.EndLine;
    }
  };
  std::vector<Span> Through;
};

void writeExplanation(llvm::raw_ostream &OS, const SharedAccessInfo &I,
                      bool Color);
llvm::json::Value sharedAccessJson(const SharedAccessInfo &I);

} // namespace warplint

#endif // WARPLINT_OUTPUT_EXPLAIN_H
