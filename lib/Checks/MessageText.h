//===-- MessageText.h - Words the checks' messages share --------*- C++ -*-===//
#ifndef WARPLINT_LIB_CHECKS_MESSAGETEXT_H
#define WARPLINT_LIB_CHECKS_MESSAGETEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <string>

namespace warplint {

/// "'name'": a name or source text as the messages quote it.
inline std::string quote(llvm::StringRef S) { return ("'" + S + "'").str(); }

} // namespace warplint

#endif // WARPLINT_LIB_CHECKS_MESSAGETEXT_H
