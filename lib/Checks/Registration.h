//===-- Registration.h - How each check registers itself --------*- C++ -*-===//
///
/// One function per line of Checks.def, register<Id>Check, defined in the
/// check's own file: it adds the function that runs the check to the
/// registry. A check of Checks.def without one does not link.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_CHECKS_REGISTRATION_H
#define WARPLINT_LIB_CHECKS_REGISTRATION_H

#include "warplint/Analysis/CheckRegistry.h"

namespace warplint {

#define WARPLINT_CHECK(Id, Name, Level, Desc)                                  \
  void register##Id##Check(CheckRegistry &Registry);
#include "warplint/Core/Checks.def"

} // namespace warplint

#endif // WARPLINT_LIB_CHECKS_REGISTRATION_H
