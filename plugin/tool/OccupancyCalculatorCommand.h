//===-- OccupancyCalculatorCommand.h - `warplint occupancy` -----*- C++ -*-===//
#ifndef WARPLINT_TOOL_OCCUPANCYCALCULATORCOMMAND_H
#define WARPLINT_TOOL_OCCUPANCYCALCULATORCOMMAND_H

/// Runs the occupancy calculator, `warplint occupancy ARGS...` (not the check
/// warplint-occupancy); Argv[0] is "occupancy". Returns the exit status: 0
/// success, 1 a launch that cannot run, a batch line that could not be read
/// or a ptxas report with errors, 2 a usage or input error.
int runOccupancyCalculatorCommand(int Argc, const char **Argv);

#endif // WARPLINT_TOOL_OCCUPANCYCALCULATORCOMMAND_H
