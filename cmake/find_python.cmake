# The Python the module (python/) and its tests are built for: Python3_EXECUTABLE when given, else
# the first python3 on the PATH that imports NumPy (a python3 without it, e.g. a pyenv shim ahead
# of the system's, is passed over), with its development headers.
if(NOT Python3_EXECUTABLE)
  function(tempo_python_has_numpy result candidate)
    execute_process(COMMAND ${candidate} -c "import numpy" RESULT_VARIABLE failed OUTPUT_QUIET ERROR_QUIET)
    if(failed)
      set(${result} FALSE PARENT_SCOPE)
    endif()
  endfunction()
  find_program(TEMPO_PYTHON_WITH_NUMPY NAMES python3 VALIDATOR tempo_python_has_numpy)
  if(TEMPO_PYTHON_WITH_NUMPY)
    set(Python3_EXECUTABLE ${TEMPO_PYTHON_WITH_NUMPY})
  endif()
endif()
find_package(Python3 REQUIRED COMPONENTS Interpreter Development.Module NumPy)
