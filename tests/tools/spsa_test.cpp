// SPSA (tools/train/spsa.hpp): the gain schedule, perturbations that depend only on the seed and
// the iteration, updates in the direction of the winning side, and the log that a resumed run
// reads back (a line cut short dropped, another run's log refused).
#include "tools/train/spsa.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/parse_error.hpp"

namespace tempo::train {
namespace {

std::vector<SpsaParameter> two_parameters() {
    return {{"probcut_confidence", 110, 30, 250, 10, 0.002}, {"soft_stretch", 140, 60, 300, 12, 0.002}};
}

TEST(Spsa, GainsReachTheirEndValuesAtTheLastIteration) {
    const SpsaSettings settings{100, 1};
    const SpsaParameter p = two_parameters()[0];
    EXPECT_DOUBLE_EQ(spsa_c(p, settings, 100), 10.0);
    EXPECT_DOUBLE_EQ(spsa_a(p, settings, 100), 0.002 * 10 * 10);
    // c_1 = c_end * 100^0.101; a_1 = a_end * (110 / 11)^0.602.
    EXPECT_NEAR(spsa_c(p, settings, 1), 10 * std::pow(100.0, 0.101), 1e-9);
    EXPECT_NEAR(spsa_a(p, settings, 1), 0.2 * std::pow(10.0, 0.602), 1e-9);
}

TEST(Spsa, PerturbationsDependOnlyOnSeedAndIteration) {
    const SpsaSettings settings{100, 7};
    const auto parameters = two_parameters();
    const SpsaPerturbation a = spsa_perturb(parameters, settings, 5), b = spsa_perturb(parameters, settings, 5);
    EXPECT_EQ(a.signs, b.signs);
    EXPECT_EQ(a.plus, b.plus);
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const double c = spsa_c(parameters[i], settings, 5);
        EXPECT_EQ(a.plus[i], std::lround(parameters[i].value + a.signs[i] * c));
        EXPECT_EQ(a.minus[i], std::lround(parameters[i].value - a.signs[i] * c));
    }
}

TEST(Spsa, ThetaMovesTowardsTheWinningSideAndStaysInItsRange) {
    const SpsaSettings settings{100, 7};
    auto parameters = two_parameters();
    const SpsaPerturbation perturbation = spsa_perturb(parameters, settings, 1);
    spsa_update(parameters, settings, 1, perturbation, +2);
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const double start = two_parameters()[i].value;
        EXPECT_GT((parameters[i].value - start) * perturbation.signs[i], 0.0) << parameters[i].name;
    }
    parameters[0].value = 249.9;
    for (int k = 1; k <= 50; ++k)
        spsa_update(parameters, settings, k, {{}, {}, {1, 1}}, 2);  // the plus side always wins
    EXPECT_EQ(parameters[0].value, 250.0);
}

TEST(Spsa, TheLogIsReadBackAndALineCutShortIsDropped) {
    const SpsaSettings settings{10, 3};
    const auto parameters = two_parameters();
    const SpsaIteration first{1, 2, 1, 1, {110.5, 139.25}}, second{2, 0, 0, 4, {109.75, 141}};
    const std::string log = spsa_log_header(settings, parameters) + spsa_log_line(first, parameters) +
                            spsa_log_line(second, parameters) + "iteration 3 wins=1 dr";
    const auto iterations = read_spsa_log(log, "run.log", settings, parameters);
    ASSERT_EQ(iterations.size(), 2u);
    EXPECT_EQ(iterations[1].k, 2);
    EXPECT_EQ(iterations[1].losses, 4);
    EXPECT_EQ(iterations[1].theta, (std::vector<double>{109.75, 141}));
}

TEST(Spsa, AnotherRunsLogOrAMalformedLineIsRefusedWithItsLine) {
    const SpsaSettings settings{10, 3};
    auto parameters = two_parameters();
    const std::string header = spsa_log_header(settings, parameters);
    auto other = parameters;
    other[1].c_end = 5;
    try {
        read_spsa_log(header, "run.log", settings, other);
        FAIL() << "another run's log was read";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("run.log:3: this log is of another SPSA run"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(read_spsa_log(header + "iteration 1 wins=1 draws=0 losses=x probcut_confidence=1 soft_stretch=2\n",
                               "run.log", settings, parameters),
                 ParseError);
    EXPECT_THROW(read_spsa_log(header + "iteration 2 wins=1 draws=0 losses=0 probcut_confidence=1 soft_stretch=2\n",
                               "run.log", settings, parameters),
                 ParseError);
    EXPECT_THROW(read_spsa_log(header + "iteration 1 wins=1 draws=0 losses=0 probcut_confidence=1 soft_stretch=nan\n",
                               "run.log", settings, parameters),
                 ParseError);
}

}  // namespace
}  // namespace tempo::train
