//===-- CheckDocs.h - Each check's page, compiled in ------------*- C++ -*-===//
///
/// docs/checks/NAME.md of every check, embedded at build time, so that the
/// SARIF rules carry the full help without reading files at run time.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_OUTPUT_CHECKDOCS_H
#define WARPLINT_OUTPUT_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"

namespace warplint {

/// The Markdown page of the check Name; empty when it has none.
llvm::StringRef checkDoc(llvm::StringRef Name);

} // namespace warplint

#endif // WARPLINT_OUTPUT_CHECKDOCS_H
