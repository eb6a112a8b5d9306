//===-- OccupancySweepTable.cpp - `warplint occupancy --sweep` ------------===//
//
// The curve of one launch as a table: text, CSV or JSON. The points are
// model::sweepOccupancy's; nothing here computes occupancy.
//
//===----------------------------------------------------------------------===//
#include "ResultJson.h"
#include "warplint/Calculator/OccupancyCalculator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace warplint::model;

namespace warplint::calc {

namespace {

const Limiter AllLimiters[] = {LimitWarps, LimitBlocks, LimitRegisters,
                               LimitSharedMemory, LimitBarriers};

/// "warps+registers": every limiter, the primary first.
std::string limiterList(const OccupancyResult &R) {
  std::string S = limiterName(R.Primary).str();
  for (Limiter L : AllLimiters)
    if ((R.Limiters & L) && L != R.Primary)
      S += "+" + limiterName(L).str();
  return S;
}

std::string percentText(double Occupancy) {
  return formatv("{0:F1}", Occupancy * 100).str();
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string csvField(StringRef S) {
  if (S.find_first_of(",\"\n\r") == StringRef::npos)
    return S.str();
  std::string Q = "\"";
  for (char C : S) {
    if (C == '"')
      Q += '"';
    Q += C;
  }
  return Q + "\"";
}

/// The fixed quantities of a sweep over Axis, in words.
std::string fixedValues(const OccupancyInput &In, SweepAxis Axis) {
  SmallVector<std::string, 4> Parts;
  if (Axis != SweepAxis::Threads)
    Parts.push_back(std::to_string(In.Threads) + " threads per block");
  if (Axis != SweepAxis::Regs)
    Parts.push_back(std::to_string(In.Regs) + " registers per thread");
  if (Axis != SweepAxis::Smem)
    Parts.push_back(std::to_string(In.Smem) +
                    " bytes of shared memory per block");
  Parts.push_back(std::to_string(In.Barriers) +
                  (In.Barriers == 1 ? " barrier" : " barriers"));
  return join(Parts, ", ");
}

void writeText(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
               SweepAxis Axis, ArrayRef<SweepPoint> Points) {
  OS << A.Name << " (compute capability " << A.version()
     << "): occupancy against " << sweepAxisTitle(Axis) << "; "
     << fixedValues(In, Axis) << "; " << A.MaxWarpsPerSM
     << " warps per SM at most\n";
  OS << formatv("  {0,8}  {1,6}  {2,5}  {3,9}  {4}\n", sweepAxisName(Axis),
                "blocks", "warps", "occupancy", "limited by");
  for (const SweepPoint &P : Points) {
    const OccupancyResult &R = P.Result;
    std::string Limit =
        R.ok() ? limiterList(R) : "cannot run: " + R.ErrorMessage;
    OS << formatv("{0} {1,8}  {2,6}  {3,5}  {4,8}%  {5}", P.Current ? '*' : ' ',
                  P.Value, R.ActiveBlocks, R.ActiveWarps,
                  percentText(R.Occupancy), Limit);
    if (P.Current)
      OS << "  <- this launch";
    OS << "\n";
  }
}

void writeCsv(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
              SweepAxis Axis, ArrayRef<SweepPoint> Points) {
  OS << "arch,threads,regs,smem,barriers,activeBlocksPerSM,activeWarpsPerSM,"
        "maxWarpsPerSM,occupancyPercent,limiter,limiters,current,error\n";
  for (const SweepPoint &P : Points) {
    const OccupancyResult &R = P.Result;
    OccupancyInput I = withSweepValue(In, Axis, P.Value);
    OS << A.Name << "," << I.Threads << "," << I.Regs << "," << I.Smem << ","
       << I.Barriers << "," << R.ActiveBlocks << "," << R.ActiveWarps << ","
       << R.MaxWarps << "," << percentText(R.Occupancy) << ","
       << (R.ok() ? limiterName(R.Primary) : "") << ","
       << (R.ok() ? limiterList(R) : "") << "," << (P.Current ? 1 : 0) << ","
       << csvField(R.ErrorMessage) << "\n";
  }
}

void writeJson(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
               SweepAxis Axis, ArrayRef<SweepPoint> Points) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("arch", A.Name);
    J.attribute("sweep", sweepAxisName(Axis));
    J.attribute("threads", In.Threads);
    J.attribute("regs", In.Regs);
    J.attribute("smem", In.Smem);
    J.attribute("barriers", In.Barriers);
    J.attribute("maxWarpsPerSM", A.MaxWarpsPerSM);
    J.attributeObject("current",
                      [&] { writeResultFields(J, computeOccupancy(A, In)); });
    J.attributeArray("points", [&] {
      for (const SweepPoint &P : Points)
        J.object([&] {
          J.attribute(sweepAxisName(Axis), P.Value);
          writeResultFields(J, P.Result);
          if (P.Current)
            J.attribute("current", true);
        });
    });
  });
  OS << "\n";
}

} // namespace

void writeSweep(raw_ostream &OS, const SmArch &A, const OccupancyInput &In,
                SweepAxis Axis, SweepFormat Format) {
  std::vector<SweepPoint> Points = sweepOccupancy(A, In, Axis);
  switch (Format) {
  case SweepFormat::Text:
    writeText(OS, A, In, Axis, Points);
    break;
  case SweepFormat::Csv:
    writeCsv(OS, A, In, Axis, Points);
    break;
  case SweepFormat::Json:
    writeJson(OS, A, In, Axis, Points);
    break;
  }
}

} // namespace warplint::calc
