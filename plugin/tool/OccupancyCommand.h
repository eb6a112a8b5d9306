//===-- OccupancyCommand.h - The 'warplint occupancy' subcommand -*- C++
//-*-===//
#ifndef WARPLINT_TOOL_OCCUPANCYCOMMAND_H
#define WARPLINT_TOOL_OCCUPANCYCOMMAND_H

/// Runs `warplint occupancy ARGS...`; Argv[0] is "occupancy". Returns the
/// exit status: 0 success, 1 a launch that cannot run, a batch line that
/// could not be read or a ptxas report with errors, 2 a usage or input error.
int runOccupancyCommand(int Argc, const char **Argv);

#endif // WARPLINT_TOOL_OCCUPANCYCOMMAND_H
