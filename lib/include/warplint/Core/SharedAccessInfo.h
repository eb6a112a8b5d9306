//===-- SharedAccessInfo.h - One shared access and its banks ---*- C++ -*-===//
///
/// What the analysis (describeSharedAccesses,
/// warplint/Analysis/SharedAccessDump.h) finds of each shared-memory access,
/// with file positions instead of Clang source locations, for the writers of
/// warplint/Output/Explain.h. Like Finding, it is the data one part hands to
/// another.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CORE_SHAREDACCESSINFO_H
#define WARPLINT_CORE_SHAREDACCESSINFO_H

#include "warplint/Core/Finding.h"
#include "warplint/Model/BankModel.h"
#include <optional>
#include <string>
#include <tuple>
#include <vector>

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
    std::string AssumedWhy; ///< why no launch gives the block (Assumed)
    std::string Kernel;
    std::string Via;
    model::AccessResult Result;
    /// Where the run conflicts and the check knows a fix of the array (its
    /// note: a padding, else a relayout): the fix ("pad the inner
    /// dimension of 'tile' to 33 elements") and the run's result with it.
    std::string Fix;
    std::optional<model::AccessResult> Fixed;
  };
  std::vector<Run> Runs;
  /// Other source lines the address was followed through from the shared
  /// variable: a pointer's definition, a call's argument, a return.
  struct Span {
    std::string File;
    unsigned Line = 0, EndLine = 0;
    bool operator<(const Span &O) const {
      return std::tie(File, Line, EndLine) <
             std::tie(O.File, O.Line, O.EndLine);
    }
    bool operator==(const Span &O) const {
      return File == O.File && Line == O.Line && EndLine == O.EndLine;
    }
  };
  std::vector<Span> Through;
};

} // namespace warplint

#endif // WARPLINT_CORE_SHAREDACCESSINFO_H
