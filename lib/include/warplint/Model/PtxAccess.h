//===-- PtxAccess.h - Shared-memory accesses in inline PTX --------*- C++
//-*-===//
///
/// Finds the instructions of an inline-PTX string (the text of a CUDA `asm`
/// statement) that access shared memory lane by lane, and the operand that
/// holds each one's address:
///
/// - `ldmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans][.shared[::cta]].b16`: a
///   load of 8, 16 or 32 rows of 16 bytes, whose addresses lanes 0..7, 0..15
///   or 0..31 give; each 8x8 matrix (eight consecutive lanes) is one phase;
/// - `stmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans][.shared[::cta]].b16`
///   (sm_90): the same rows, stored;
/// - `cp.async.{ca,cg}.shared[::cta].global... [dst], [src], {4,8,16}`: a
///   store of 4, 8 or 16 bytes per lane into shared memory;
/// - `ld.shared` / `st.shared` (`.v2`, `.v4`) of up to 16 bytes per lane.
///
/// PTX ISA 8.x/9.0, "Data Movement and Conversion Instructions": ldmatrix,
/// stmatrix, cp.async, ld, st. Other instructions are not listed; a
/// recognised instruction in a form the bank model does not cover (another
/// ldmatrix shape, a size the copy does not allow, an address computed in a
/// PTX register) is listed with the reason.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_MODEL_PTXACCESS_H
#define WARPLINT_MODEL_PTXACCESS_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint::model {

/// A reference to an operand of the asm statement: `%3` or `%[name]`.
struct PtxOperand {
  std::optional<unsigned> Index;
  std::string Name; ///< for `%[name]`
  bool valid() const { return Index || !Name.empty(); }
};

struct PtxSharedAccess {
  /// The instruction as warplint names it: "ldmatrix.x4", "ldmatrix.x2.trans",
  /// "stmatrix.x4", "cp.async.cg", "ld.shared.v4.u32", "st.shared.b32".
  std::string Instruction;
  bool Store = false;
  /// Bytes per lane: 16 for ldmatrix/stmatrix rows; a copy's size when it is
  /// an immediate (else SizeOperand names the operand that holds it).
  unsigned Bytes = 0;
  PtxOperand SizeOperand;
  /// Lanes 0..AddressLanes-1 give the addresses (8 * matrices for
  /// ldmatrix/stmatrix; 32 otherwise).
  unsigned AddressLanes = 32;
  /// The address: Operand plus Offset bytes (`[%4+16]`).
  PtxOperand Operand;
  int64_t Offset = 0;
  /// `[%1+%2]`: the operand whose value (an immediate) is added to the
  /// address, subtracted when OffsetNegated (`[%1-%2]`).
  PtxOperand OffsetOperand;
  bool OffsetNegated = false;
  /// No state space: the operand is a generic address.
  bool Generic = false;
  /// Why the access cannot be analysed whatever its operands' values; empty
  /// when it can.
  std::string Unsupported;
  unsigned Line = 0; ///< 0-based line of the instruction in the asm text
};

/// Does an asm operand with this constraint pass a value (a register of
/// NVPTX's classes, `b`, `c`, `h`, `r`, `l`, `q`, `f`, `d`, or an immediate,
/// `n`, `i`), with any of the modifiers `=`, `+`, `&`, `%`, and for an
/// input a tied output's number? False for a constraint that may pass the
/// operand in memory (`m`, `g`, ...) or that warplint does not know: its
/// object may then be read or written by the asm.
bool isValueConstraint(llvm::StringRef Constraint);
/// The shared-memory accesses of an asm string, in order.
std::vector<PtxSharedAccess> findPtxSharedAccesses(llvm::StringRef Asm);

/// Is Instruction (as PtxSharedAccess names it) an ldmatrix or stmatrix:
/// one phase per 8x8 matrix, each lane giving a row's address?
inline bool isMatrixInstruction(llvm::StringRef Instruction) {
  return Instruction.starts_with("ldmatrix") ||
         Instruction.starts_with("stmatrix");
}

} // namespace warplint::model

#endif // WARPLINT_MODEL_PTXACCESS_H
