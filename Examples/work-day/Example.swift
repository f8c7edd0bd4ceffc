/// Follows an emergency project through one day and writes how the work is going at each hour.
///
/// The project is checked at 9, 10, 12, 13, 14 and 17 o'clock; then the task is marked as not
/// finished and it is checked at 19 and 22 o'clock. Each check lets the current state report,
/// or hand the hour on to the next state of the day.
///
/// - Parameter write: Receives each line of output, in order. It is not kept after the call.
func runExample(write: (String) -> Void) {
    withoutActuallyEscaping(write) { write in
        let project: Work
        do {
            project = try Work(write: write)
        } catch {
            write("Could not plan the day: \(error)")
            return
        }
        for hour in [9.0, 10, 12, 13, 14, 17] {
            project.hour = hour
            project.writeProgram()
        }
        project.isTaskFinished = false
        for hour in [19.0, 22] {
            project.hour = hour
            project.writeProgram()
        }
    }
}
