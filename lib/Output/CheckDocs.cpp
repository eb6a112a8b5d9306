//===-- CheckDocs.cpp - Each check's page, compiled in --------------------===//
#include "warplint/Output/CheckDocs.h"

namespace warplint {

namespace {
struct CheckDoc {
  llvm::StringLiteral Name;
  llvm::StringLiteral Text;
};
constexpr CheckDoc Docs[] = {
#include "CheckDocs.inc"
};
} // namespace

llvm::StringRef checkDoc(llvm::StringRef Name) {
  for (const CheckDoc &D : Docs)
    if (D.Name == Name)
      return D.Text;
  return "";
}

} // namespace warplint
