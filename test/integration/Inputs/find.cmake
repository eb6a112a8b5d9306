# cmake [-DVERSION=X.Y] [-DCOMPONENTS=a;b] -P find.cmake: find_package(warplint)
# in script mode, then prints what it set, one variable a line.
cmake_minimum_required(VERSION 3.20)
find_package(warplint ${VERSION} REQUIRED COMPONENTS ${COMPONENTS})
foreach(v WARPLINT_VERSION WARPLINT_CLANG_VERSION_MAJOR WARPLINT_EXECUTABLE
          WARPLINT_LAUNCH_EXECUTABLE WARPLINT_PLUGIN WARPLINT_TIDY_MODULE
          WARPLINT_PRELUDE_DIR)
  message("${v}=${${v}}")
endforeach()
foreach(t warplint launch plugin tidy)
  if(TARGET warplint::${t})
    get_target_property(loc warplint::${t} IMPORTED_LOCATION)
    message("warplint::${t} ${loc}")
  endif()
endforeach()
