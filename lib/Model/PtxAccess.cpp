//===-- PtxAccess.cpp - Shared-memory accesses in inline PTX --------------===//
#include "warplint/Model/PtxAccess.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint::model {

namespace {

/// The text with comments blanked (newlines kept, so offsets keep lines).
std::string withoutComments(StringRef S) {
  std::string Out(S);
  for (size_t I = 0; I + 1 < Out.size(); ++I) {
    if (Out[I] == '/' && Out[I + 1] == '/') {
      while (I < Out.size() && Out[I] != '\n')
        Out[I++] = ' ';
    } else if (Out[I] == '/' && Out[I + 1] == '*') {
      size_t J = I;
      for (; J < Out.size(); ++J) {
        if (J + 1 < Out.size() && Out[J] == '*' && Out[J + 1] == '/') {
          Out[J] = Out[J + 1] = ' ';
          break;
        }
        if (Out[J] != '\n')
          Out[J] = ' ';
      }
      I = J;
    }
  }
  return Out;
}

/// Splits operands at commas outside braces and brackets.
SmallVector<StringRef, 4> splitOperands(StringRef S) {
  SmallVector<StringRef, 4> Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '{' || C == '[' || C == '(')
      ++Depth;
    else if (C == '}' || C == ']' || C == ')')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Out.push_back(S.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  StringRef Last = S.substr(Start).trim();
  if (!Last.empty() || !Out.empty())
    Out.push_back(Last);
  return Out;
}

/// `%3` or `%[name]` at the start of S; consumes it.
std::optional<PtxOperand> operandRef(StringRef &S) {
  if (!S.consume_front("%"))
    return std::nullopt;
  PtxOperand Op;
  if (S.consume_front("[")) {
    size_t E = S.find(']');
    if (E == StringRef::npos || E == 0)
      return std::nullopt;
    Op.Name = S.substr(0, E).str();
    S = S.substr(E + 1);
    return Op;
  }
  size_t N = 0;
  while (N < S.size() && isDigit(S[N]))
    ++N;
  unsigned V;
  if (N == 0 || S.substr(0, N).getAsInteger(10, V))
    return std::nullopt;
  Op.Index = V;
  S = S.substr(N);
  return Op;
}

/// Fills the address of X from a memory operand `[%4]`, `[%4+16]`,
/// `[%[addr] + 0x20]`, or says why it cannot be followed.
void parseAddress(StringRef Text, PtxSharedAccess &X) {
  StringRef S = Text.trim();
  if (!S.consume_front("[") || !S.consume_back("]")) {
    X.Unsupported = "its address operand '" + Text.str() +
                    "' is not a "
                    "memory operand";
    return;
  }
  S = S.trim();
  if (S.starts_with("%%") || (!S.empty() && S[0] != '%')) {
    X.Unsupported = "its address '" + S.str() +
                    "' is computed inside the asm statement, not given by "
                    "an operand";
    return;
  }
  std::optional<PtxOperand> Op = operandRef(S);
  if (!Op) {
    X.Unsupported = "its address '" + S.str() + "' is not an operand";
    return;
  }
  S = S.trim();
  int64_t Off = 0;
  if (!S.empty()) {
    bool Neg = S.consume_front("-");
    if (!Neg && !S.consume_front("+")) {
      X.Unsupported = "its address adds '" + S.str() + "' to an operand";
      return;
    }
    S = S.trim();
    // `[%1+%2]` with an immediate operand ("n"): its value is added.
    if (S.starts_with("%")) {
      StringRef Rest = S;
      std::optional<PtxOperand> OffOp = operandRef(Rest);
      if (!OffOp || !Rest.trim().empty() || S.starts_with("%%")) {
        X.Unsupported = "its address adds '" + S.str() + "' to an operand";
        return;
      }
      X.Operand = *Op;
      X.OffsetOperand = *OffOp;
      X.OffsetNegated = Neg;
      return;
    }
    uint64_t V;
    if (S.getAsInteger(0, V) || V > (uint64_t(1) << 32)) {
      X.Unsupported = "its address adds '" + S.str() + "' to an operand";
      return;
    }
    Off = Neg ? -int64_t(V) : int64_t(V);
  }
  X.Operand = *Op;
  X.Offset = Off;
}

/// Bytes of a PTX fundamental type suffix: b32 -> 4, f16x2 -> 4, b128 -> 16.
unsigned typeBytes(StringRef T) {
  unsigned Lanes = 1;
  if (size_t X = T.find('x'); X != StringRef::npos) {
    if (T.substr(X + 1).getAsInteger(10, Lanes))
      return 0;
    T = T.substr(0, X);
  }
  if (!T.consume_front("bf")) {
    if (T.empty() || !StringRef("bsuf").contains(T[0]))
      return 0;
    T = T.drop_front();
  }
  unsigned Bits;
  if (T.getAsInteger(10, Bits) || Bits % 8 || Bits == 0)
    return 0;
  return Bits / 8 * Lanes;
}

bool isSharedSpace(StringRef P) { return P == "shared" || P == "shared::cta"; }

void matrixAccess(ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops,
                  bool Store, unsigned Line,
                  std::vector<PtxSharedAccess> &Out) {
  PtxSharedAccess X;
  X.Store = Store;
  X.Line = Line;
  X.Bytes = 16;
  X.Generic = true;
  StringRef Shape, Num;
  bool Trans = false;
  for (StringRef P : Parts.drop_front()) {
    if (P.starts_with("m") && P.size() > 2 && isDigit(P[1]))
      Shape = P;
    else if (P == "x1" || P == "x2" || P == "x4")
      Num = P;
    else if (P == "trans")
      Trans = true;
    else if (isSharedSpace(P))
      X.Generic = false;
    else if (P.starts_with("shared::"))
      return; // another CTA's shared memory: not this SM's banks
  }
  X.Instruction =
      (Parts[0] + (Num.empty() ? "" : "." + Num) + (Trans ? ".trans" : ""))
          .str();
  if (Num.empty()) {
    X.Unsupported = "its matrix count (.x1, .x2, .x4) is missing";
  } else {
    X.AddressLanes = 8 * unsigned(Num[1] - '0');
    if (Shape != "m8n8")
      X.Unsupported =
          "the ." + Shape.str() + " shape is not modelled (only .m8n8 is)";
  }
  if (Ops.size() != 2) {
    if (X.Unsupported.empty())
      X.Unsupported = "it does not have two operands";
  } else if (X.Unsupported.empty()) {
    parseAddress(Store ? Ops[0] : Ops[1], X);
  }
  Out.push_back(std::move(X));
}

void asyncCopy(ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops,
               unsigned Line, std::vector<PtxSharedAccess> &Out) {
  // cp.async.{ca,cg}.shared[::cta].global[.L2::...] [dst], [src], size, ...
  if (Parts.size() < 5 || (Parts[2] != "ca" && Parts[2] != "cg") ||
      !isSharedSpace(Parts[3]) || Parts[4] != "global")
    return;
  PtxSharedAccess X;
  X.Store = true;
  X.Line = Line;
  X.Instruction = ("cp.async." + Parts[2]).str();
  if (Ops.size() < 3) {
    X.Unsupported = "it has fewer than three operands";
    Out.push_back(std::move(X));
    return;
  }
  StringRef Size = Ops[2];
  if (Size.starts_with("%")) {
    std::optional<PtxOperand> Op = operandRef(Size);
    if (!Op || !Size.trim().empty())
      X.Unsupported = "its size '" + Ops[2].str() + "' is not an operand";
    else
      X.SizeOperand = *Op;
  } else {
    unsigned V;
    if (Size.getAsInteger(0, V) || (V != 4 && V != 8 && V != 16))
      X.Unsupported = "its size '" + Size.str() + "' is not 4, 8 or 16";
    else
      X.Bytes = V;
  }
  if (X.Unsupported.empty())
    parseAddress(Ops[0], X);
  Out.push_back(std::move(X));
}

void loadStore(ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops,
               unsigned Line, std::vector<PtxSharedAccess> &Out) {
  bool Shared = false;
  unsigned Vec = 1;
  for (StringRef P : Parts.drop_front()) {
    if (isSharedSpace(P))
      Shared = true;
    else if (P.starts_with("shared::") || P == "global" || P == "local" ||
             P == "const" || P == "param" || P == "async" || P == "bulk")
      return;
    else if (P == "v2" || P == "v4" || P == "v8")
      Vec = unsigned(P[1] - '0');
  }
  if (!Shared || Parts.size() < 3)
    return;
  StringRef Type = Parts.back();
  PtxSharedAccess X;
  X.Store = Parts[0] == "st";
  X.Line = Line;
  X.Instruction =
      (Parts[0] + ".shared" + (Vec > 1 ? ".v" + utostr(Vec) : "") + "." + Type)
          .str();
  unsigned B = typeBytes(Type) * Vec;
  if (B == 0 || B > 16 || (B & (B - 1)))
    X.Unsupported = "its width of " + utostr(B) +
                    " bytes per lane is not 1, "
                    "2, 4, 8 or 16";
  X.Bytes = B;
  if (X.Unsupported.empty()) {
    if (Ops.size() != 2)
      X.Unsupported = "it does not have two operands";
    else
      parseAddress(X.Store ? Ops[0] : Ops[1], X);
  }
  Out.push_back(std::move(X));
}

} // namespace

bool isValueConstraint(StringRef Constraint) {
  StringRef C = Constraint.ltrim("=+");
  bool Value = false;
  for (char Ch : C) {
    if (StringRef("bchrlqfdni0123456789").contains(Ch))
      Value = true;
    else if (Ch != '&' && Ch != '%')
      return false;
  }
  return Value;
}

std::vector<PtxSharedAccess> findPtxSharedAccesses(StringRef Asm) {
  std::vector<PtxSharedAccess> Out;
  std::string Text = withoutComments(Asm);
  StringRef S(Text);
  size_t Start = 0;
  while (Start < S.size()) {
    size_t End = S.find(';', Start);
    if (End == StringRef::npos)
      End = S.size();
    StringRef Stmt = S.slice(Start, End);
    unsigned Line = unsigned(S.substr(0, Start).count('\n'));
    Start = End + 1;
    // Scope braces, labels and a guard predicate before the opcode.
    while (true) {
      StringRef T = Stmt.ltrim();
      Line += unsigned(Stmt.take_front(Stmt.size() - T.size()).count('\n'));
      Stmt = T;
      if (Stmt.consume_front("{") || Stmt.consume_front("}"))
        continue;
      StringRef Tok = Stmt.take_until([](char C) { return isSpace(C); });
      if (Tok.ends_with(":") && !Tok.contains("::")) {
        Stmt = Stmt.drop_front(Tok.size());
        continue;
      }
      if (Tok.starts_with("@")) {
        Stmt = Stmt.drop_front(Tok.size());
        continue;
      }
      break;
    }
    StringRef Opcode = Stmt.take_until([](char C) { return isSpace(C); });
    if (Opcode.empty() || Opcode.starts_with("."))
      continue;
    SmallVector<StringRef, 8> Parts;
    Opcode.split(Parts, '.');
    SmallVector<StringRef, 4> Ops =
        splitOperands(Stmt.drop_front(Opcode.size()));
    if (Parts[0] == "ldmatrix" || Parts[0] == "stmatrix")
      matrixAccess(Parts, Ops, Parts[0] == "stmatrix", Line, Out);
    else if (Parts[0] == "cp" && Parts.size() > 1 && Parts[1] == "async")
      asyncCopy(Parts, Ops, Line, Out);
    else if (Parts[0] == "ld" || Parts[0] == "st")
      loadStore(Parts, Ops, Line, Out);
  }
  return Out;
}

} // namespace warplint::model
