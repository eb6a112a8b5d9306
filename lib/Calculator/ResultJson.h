//===-- ResultJson.h - One occupancy result's JSON fields -------*- C++ -*-===//
///
/// Private to lib/Calculator: the fields of an occupancy result that
/// `warplint occupancy` writes the same way everywhere (one launch, --batch,
/// --sweep's points).
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CALCULATOR_RESULTJSON_H
#define WARPLINT_CALCULATOR_RESULTJSON_H

#include "warplint/Model/Occupancy.h"
#include "llvm/Support/JSON.h"

namespace warplint::calc {

/// activeBlocksPerSM, activeWarpsPerSM, maxWarpsPerSM, occupancy (0 to 1),
/// then limiter and limiters, or for a launch that cannot run limiter null
/// and error; inside an object being written.
void writeResultFields(llvm::json::OStream &J, const model::OccupancyResult &R);

} // namespace warplint::calc

#endif // WARPLINT_CALCULATOR_RESULTJSON_H
