//===-- AllChecks.cpp - Every check of lib/Checks -------------------------===//
#include "warplint/Checks/AllChecks.h"
#include "Registration.h"

namespace warplint {

void registerAllChecks(CheckRegistry &Registry) {
#define WARPLINT_CHECK(Id, Name, Level, Desc) register##Id##Check(Registry);
#include "warplint/Core/Checks.def"
}

const CheckRegistry &builtinChecks() {
  static const CheckRegistry Registry = [] {
    CheckRegistry R;
    registerAllChecks(R);
    return R;
  }();
  return Registry;
}

} // namespace warplint
