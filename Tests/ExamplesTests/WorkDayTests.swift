@testable import WorkDay
import Testing

/// The work-day example reproduces the reference program's day.
@Suite
struct WorkDayTests {
    @Test
    func exampleWritesTheReferenceOutput() {
        var lines: [String] = []

        WorkDay.runExample { lines.append($0) }

        #expect(lines.filter { !$0.isEmpty } == [
            "Current time: 9.000000 point morning work, Spirit Hundredfold",
            "Current time: 10.000000 point morning work, Spirit Hundredfold",
            "Current time: 12.000000 point hungry, lunch, sleepy, Siesta",
            "Current time: 13.000000 point afternoon status is not bad, continue to work",
            "Current time: 14.000000 point afternoon status is not bad, continue to work",
            "Current time: 17.000000 point overtime Oh, exhausted extreme",
            "Current time: 19.000000 point overtime Oh, exhausted extreme",
            "Current time: 22.000000 point is dead, asleep",
        ])
    }

    @Test
    func finishedTaskSendsTheEveningHome() throws {
        var lines: [String] = []
        let work = try Work { lines.append($0) }
        work.hour = 18
        work.writeProgram()

        work.isTaskFinished = true
        work.hour = 19.5
        work.writeProgram()

        #expect(lines == [
            "Current time: 18.000000 point overtime Oh, exhausted extreme",
            "Current time: 19.500000 point to go home from work",
        ])
        #expect(work.currentState is RestState)
    }

    @Test
    func lateFirstCheckPassesThroughEveryStateOfTheDayToSleep() throws {
        var lines: [String] = []
        let work = try Work { lines.append($0) }
        #expect(work.currentState is ForenoonState)

        work.hour = 23.25
        work.writeProgram()

        #expect(lines == ["Current time: 23.250000 point is dead, asleep"])
        #expect(work.currentState is SleepingState)
    }

    @Test
    func earlierHourDoesNotTurnTheDayBack() throws {
        var lines: [String] = []
        let work = try Work { lines.append($0) }
        work.hour = 14
        work.writeProgram()

        work.hour = 9
        work.writeProgram()

        #expect(lines == [
            "Current time: 14.000000 point afternoon status is not bad, continue to work",
            "Current time: 9.000000 point afternoon status is not bad, continue to work",
        ])
        #expect(work.currentState is AfternoonState)
    }

    @Test
    func endOfTheDayIsFinal() throws {
        var lines: [String] = []
        let work = try Work { lines.append($0) }
        work.hour = 22
        work.writeProgram()

        work.isTaskFinished = true
        work.hour = 23
        work.writeProgram()

        #expect(lines == [
            "Current time: 22.000000 point is dead, asleep",
            "Current time: 23.000000 point is dead, asleep",
        ])
        #expect(work.currentState is SleepingState)
    }
}

/// The fixed-point formatter prints what C's `printf("%.*f")` prints; every expected string
/// below was produced by glibc's `printf`.
@Suite
struct FixedPointFormatterTests {
    @Test(arguments: [
        (0.0, "0.000000"),
        (-0.0, "-0.000000"),
        (9.0, "9.000000"),
        (-9.0, "-9.000000"),
        (12.5, "12.500000"),
        (-12.5, "-12.500000"),
        (0.1, "0.100000"),
        (2.675, "2.675000"),
        (4_294_967_296.0, "4294967296.000000"),
    ])
    func formatsWithSixDecimals(value: Double, expected: String) {
        #expect(FixedPointFormatter().string(from: value) == expected)
    }

    @Test(arguments: [
        (0.0078125, "0.007812"),
        (0.0234375, "0.023438"),
        (-0.0078125, "-0.007812"),
        (0.0000005, "0.000000"),
        (0.0000015, "0.000002"),
        (0.0000025, "0.000003"),
        (0.9999995, "1.000000"),
        (0.99999949999, "0.999999"),
        (999_999.9999995, "999999.999999"),
        (-1234.5678915, "-1234.567892"),
        (3.0000005, "3.000001"),
    ])
    func roundsTheExactBinaryValueHalfToEven(value: Double, expected: String) {
        #expect(FixedPointFormatter().string(from: value) == expected)
    }

    @Test(arguments: [
        (-0.0000001, "-0.000000"),
        (Double.leastNonzeroMagnitude, "0.000000"),
        (2.2250738585072014e-308, "0.000000"),
    ])
    func keepsTheSignOfNumbersThatRoundToZero(value: Double, expected: String) {
        #expect(FixedPointFormatter().string(from: value) == expected)
    }

    @Test(arguments: [
        (1e20, "100000000000000000000.000000"),
        (123_456_789_012_345_678.0, "123456789012345680.000000"),
        (18_446_744_073_709_551_616.0, "18446744073709551616.000000"),
        (Double.greatestFiniteMagnitude, "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000"),
    ])
    func printsEveryIntegerDigitOfLargeNumbers(value: Double, expected: String) {
        #expect(FixedPointFormatter().string(from: value) == expected)
    }

    @Test(arguments: [
        (Double.infinity, "inf"),
        (-Double.infinity, "-inf"),
        (Double.nan, "nan"),
        (-Double.nan, "-nan"),
    ])
    func printsInfinityAndNaNAsCDoes(value: Double, expected: String) {
        #expect(FixedPointFormatter().string(from: value) == expected)
    }

    @Test(arguments: [
        (2.5, "2"),
        (1.5, "2"),
        (0.5, "0"),
        (-0.5, "-0"),
        (12.5, "12"),
        (2.675, "3"),
        (999_999.9999995, "1000000"),
    ])
    func formatsWithNoDecimalsAndNoPoint(value: Double, expected: String) {
        #expect(FixedPointFormatter(fractionDigits: 0).string(from: value) == expected)
    }

    @Test(arguments: [
        (2.675, "2.67"),
        (0.0078125, "0.01"),
        (-1234.5678915, "-1234.57"),
        (999_999.9999995, "1000000.00"),
        (0.25, "0.25"),
    ])
    func formatsWithTwoDecimals(value: Double, expected: String) {
        #expect(FixedPointFormatter(fractionDigits: 2).string(from: value) == expected)
    }

    @Test
    func negativePrecisionCountsAsZero() {
        #expect(FixedPointFormatter(fractionDigits: -3).string(from: 7.75) == "8")
    }
}
