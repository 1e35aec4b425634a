//! The polynomials, rational functions and ideals pack beyond its reference cases
//! (tests/reference/polynomial_cases.py, run by `number_theory`): bad input is refused at the
//! pointer of its field (with the parser's byte span) before anything runs, sizes beyond the
//! contract are TOO_LARGE, generated text never reaches a backend unparsed, the Schwartz–Zippel
//! test is HEURISTIC, and polynomial objects are stored canonically by `artifact.put` (discovery
//! is evaluated in `discovery`).

use jacobian::runtime::contract::{AssuranceLevel, Mode};
use jacobian::runtime::{CapabilityRequest, ExecutionStatus};
use serde_json::{Value, json};

/// Refusals `(capability, input, pointer, status, code)`.
fn refusals() -> Vec<(&'static str, Value, &'static str, ExecutionStatus, &'static str)> {
    use ExecutionStatus::{InvalidRequest as Invalid, Unsupported};
    let xy = json!(["x", "y"]);
    vec![
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "sum", "operands": ["x + w"]}),
            "/input/operands/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "sum", "operands": ["2x"]}),
            "/input/operands/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "difference", "operands": ["x"]}),
            "/input/operands",
            Invalid,
            "ARITY",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "power", "operands": ["x"], "exponent": 1001}),
            "/input/exponent",
            Invalid,
            "BAD_EXPONENT",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": ["x", "x"], "operation": "sum", "operands": ["x"]}),
            "/input/variables/1",
            Invalid,
            "DUPLICATE_VARIABLE",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "domain": "F_9", "operation": "sum", "operands": ["x"]}),
            "/input/domain",
            Invalid,
            "BAD_DOMAIN",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "domain": "F_7", "operation": "sum", "operands": ["x/7"]}),
            "/input/operands/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "evaluate", "operands": ["x"], "point": {"z": 1}}),
            "/input/point/z",
            Invalid,
            "UNKNOWN_VARIABLE",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "product", "operands": [[{"coefficient": "1/0", "exponents": [1, 0]}]]}),
            "/input/operands/0/0/coefficient",
            Invalid,
            "BAD_COEFFICIENT",
        ),
        (
            "polynomial.compute.arithmetic",
            json!({"variables": xy, "operation": "power", "operands": ["x + y + 1 + x*y + x^2 + y^2 + x^3 + y^3"], "exponent": 40}),
            "/input/operands",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.compute.content",
            json!({"variables": ["x"], "polynomial": "x - x"}),
            "/input/polynomial",
            Invalid,
            "ZERO",
        ),
        (
            "polynomial.compute.content",
            json!({"variables": ["x"], "domain": "F_5", "polynomial": "x"}),
            "/input/domain",
            Invalid,
            "NOT_SUPPORTED",
        ),
        (
            "polynomial.decide.identity",
            json!({"variables": ["x"], "left": "x", "right": "x", "method": "schwartz_zippel", "trials": 0}),
            "/input/trials",
            Invalid,
            "OUT_OF_RANGE",
        ),
        ("polynomial.map.jacobian", json!({"variables": ["x"], "map": []}), "/input/map", Invalid, "BAD_LENGTH"),
        (
            "polynomial.map.analyze",
            json!({"variables": xy, "map": ["x", "y"], "operation": "collision"}),
            "/input/points",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.map.analyze",
            json!({"variables": xy, "map": ["x", "y"], "operation": "collision", "points": [["1", "2"], ["1"]]}),
            "/input/points/1",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.map.analyze",
            json!({"variables": xy, "map": ["x", "y"], "operation": "collision_search", "radius": 1000}),
            "/input/radius",
            Invalid,
            "TOO_LARGE",
        ),
        (
            "polynomial.map.analyze",
            json!({"variables": xy, "map": ["x"], "operation": "inverse"}),
            "/input/map",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.map.analyze",
            json!({"variables": xy, "map": ["x", "y"], "operation": "inverse", "radius": 2}),
            "/input/radius",
            Invalid,
            "NOT_APPLICABLE",
        ),
        (
            "polynomial_field.compute.operator",
            json!({"variables": xy, "operation": "curl", "field": ["x", "y"]}),
            "/input/variables",
            Invalid,
            "BAD_DIMENSION",
        ),
        (
            "polynomial_field.compute.operator",
            json!({"variables": xy, "operation": "directional_derivative", "field": ["x"], "direction": [1]}),
            "/input/direction",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.compute.division",
            json!({"variables": ["x"], "dividend": "x", "divisor": "0"}),
            "/input/divisor",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        (
            "polynomial.compute.division",
            json!({"variables": xy, "dividend": "x", "divisor": "y"}),
            "/input/variables",
            Invalid,
            "UNIVARIATE",
        ),
        (
            "algebraic_geometry.blowup_p2.compute",
            json!({"points": [[1, 2, 1], [2, 4, 2]]}),
            "/input/points/1",
            Invalid,
            "REPEATED_POINT",
        ),
        (
            "algebraic_geometry.blowup_p2.compute",
            json!({"points": [[0, 0, 0]]}),
            "/input/points/0",
            Invalid,
            "ZERO_VECTOR",
        ),
        (
            "algebraic_geometry.blowup_p2.compute",
            json!({"points": [[0, 0, 1]], "curves": ["x^2 + y"]}),
            "/input/curves/0",
            Invalid,
            "NOT_A_CURVE",
        ),
        (
            "algebraic_geometry.blowup_p2.compute",
            json!({"points": [[0, 0, 1]], "classes": [[3, 1, 1]]}),
            "/input/classes/0",
            Invalid,
            "WRONG_LENGTH",
        ),
        (
            "polynomial.compute.interpolation",
            json!({"variables": ["x"], "points": [[1, 2], [1, 3]]}),
            "/input/points/1/0",
            Invalid,
            "REPEATED_NODE",
        ),
        (
            "polynomial.compute.interpolation",
            json!({"variables": ["x"], "domain": "F_5", "points": [[1, 2, 0, 0, 0, 0, 1]]}),
            "/input/points/0",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.compute.interpolation",
            json!({"variables": ["x"], "points": [[1]]}),
            "/input/points/0",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.compute.interpolation",
            json!({"variables": ["x"], "points": [[1, 2]], "evaluate_at": ["1/0"]}),
            "/input/evaluate_at/0",
            Invalid,
            "BAD_NUMBER",
        ),
        (
            "polynomial.transform.homogenize",
            json!({"variables": xy, "operation": "homogenize", "polynomial": "x", "variable": "x"}),
            "/input/variable",
            Invalid,
            "BAD_VARIABLE",
        ),
        (
            "polynomial.construct.symmetric",
            json!({"variables": xy, "family": "elementary", "degree": 13}),
            "/input/degree",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "formal_series.compute.operation",
            json!({"variables": ["x"], "operation": "inverse", "f": "x", "order": 5}),
            "/input/f",
            Invalid,
            "BAD_SERIES",
        ),
        (
            "formal_series.compute.operation",
            json!({"variables": ["x"], "operation": "reversion", "f": "1 + x", "order": 5}),
            "/input/f",
            Invalid,
            "BAD_SERIES",
        ),
        (
            "formal_series.compute.operation",
            json!({"variables": ["x"], "operation": "add", "f": "x", "order": 5}),
            "/input/g",
            Invalid,
            "MISSING",
        ),
        (
            "formal_series.compute.operation",
            json!({"variables": ["x"], "operation": "compose", "f": "x", "g": "x", "order": 201}),
            "/input/order",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "orthogonal_polynomial.compute.family",
            json!({"family": "legendre", "degree": 201}),
            "/input/degree",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "orthogonal_polynomial.compute.family",
            json!({"family": "legendre", "degree": 2, "alpha": 1}),
            "/input/alpha",
            Invalid,
            "UNEXPECTED",
        ),
        (
            "rational_function.compute.arithmetic",
            json!({"variables": ["x"], "operation": "sum", "operands": [{"numerator": "1", "denominator": "x - x"}]}),
            "/input/operands/0",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        ("polynomial.compute.gcd", json!({"variables": ["x"], "f": "0", "g": "0"}), "/input/g", Invalid, "BOTH_ZERO"),
        (
            "polynomial.compute.gcd",
            json!({"variables": ["x"], "f": "x^2001 + 1", "g": "x"}),
            "/input/f",
            Unsupported,
            "TOO_LARGE",
        ),
        ("polynomial.factor", json!({"variables": ["x"], "polynomial": "0"}), "/input/polynomial", Invalid, "ZERO"),
        (
            "polynomial.factor",
            json!({"variables": ["x"], "polynomial": "x^1001 - 1"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.compute.square_free_decomposition",
            json!({"variables": ["x"], "polynomial": "x)"}),
            "/input/polynomial",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        ("polynomial.compute.resultant", json!({"variables": ["x"], "f": "x"}), "/input/g", Invalid, "MISSING"),
        (
            "polynomial.compute.resultant",
            json!({"variables": ["x"], "operation": "discriminant", "f": "3"}),
            "/input/f",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.roots.isolate",
            json!({"variables": ["x"], "polynomial": "0"}),
            "/input/polynomial",
            Invalid,
            "ZERO",
        ),
        (
            "polynomial.roots.isolate",
            json!({"variables": ["x"], "domain": "F_3", "polynomial": "x"}),
            "/input/domain",
            Invalid,
            "NOT_SUPPORTED",
        ),
        (
            "polynomial.roots.isolate",
            json!({"variables": ["x"], "polynomial": "x^201 - 2"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.compute.sturm_sequence",
            json!({"variables": ["x"], "polynomial": "x", "interval": [2, 1]}),
            "/input/interval",
            Invalid,
            "EMPTY_INTERVAL",
        ),
        (
            "rational_function.compute.partial_fractions",
            json!({"variables": ["x"], "numerator": "1", "denominator": "0"}),
            "/input/denominator",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        ("polynomial.construct.cyclotomic", json!({"n": 0}), "/input/n", Invalid, "OUT_OF_RANGE"),
        ("polynomial.construct.cyclotomic", json!({"n": 3, "factors_of": "x^2 - 1"}), "/input/n", Invalid, "ONE_OF"),
        (
            "polynomial.construct.cyclotomic",
            json!({"factors_of": "0"}),
            "/input/factors_of",
            Invalid,
            "ZERO_POLYNOMIAL",
        ),
        (
            "polynomial.roots.location",
            json!({"variables": ["x"], "polynomial": "7", "region": "unit_disk"}),
            "/input/polynomial",
            Invalid,
            "CONSTANT",
        ),
        (
            "polynomial.roots.location",
            json!({"variables": ["x"], "domain": "F_5", "polynomial": "x + 1", "region": "unit_disk"}),
            "/input/domain",
            Invalid,
            "NOT_SUPPORTED",
        ),
        (
            "polynomial.roots.location",
            json!({"variables": ["x"], "polynomial": "x^300 + 1", "region": "left_half_plane"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.transform.realify",
            json!({"variables": ["z", "i"], "polynomial": "z"}),
            "/input/imaginary_unit",
            Invalid,
            "DUPLICATE_VARIABLE",
        ),
        (
            "polynomial_field.compute.operator",
            json!({"variables": xy, "operation": "gradient", "field": ["x"], "denominator": "0"}),
            "/input/denominator",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        (
            "polynomial_field.compute.operator",
            json!({"variables": xy, "operation": "laplacian", "field": ["x"], "denominator": "y"}),
            "/input/denominator",
            Invalid,
            "NOT_APPLICABLE",
        ),
        ("polynomial.construct.cyclotomic", json!({"n": 99991}), "/input/n", Unsupported, "TOO_LARGE"),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": ["x; system(\"sh\")"]}),
            "/input/polynomials/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.groebner_basis",
            json!({"variables": ["x"], "polynomials": ["x^101"]}),
            "/input/polynomials/0",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.ideal.membership",
            json!({"variables": xy, "generators": [], "polynomial": "x"}),
            "/input/generators",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.ideal.membership",
            json!({"variables": xy, "domain": "Z", "generators": ["x"], "polynomial": "x"}),
            "/input/domain",
            Invalid,
            "NOT_A_FIELD",
        ),
        (
            "polynomial.ideal.nullstellensatz",
            json!({"variables": xy, "generators": ["x\"); print(\"@@J"]}),
            "/input/generators/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.ideal.elimination",
            json!({"variables": xy, "generators": ["x"], "eliminate": ["x", "y"]}),
            "/input/eliminate",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.ideal.dimension",
            json!({"variables": (0..17).map(|i| format!("x{i}")).collect::<Vec<_>>(), "generators": ["x0"]}),
            "/input/variables",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.ideal.decomposition",
            json!({"variables": xy, "generators": ["read(\"/etc/passwd\")"], "operation": "radical"}),
            "/input/generators/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.ideal.operation",
            json!({"variables": xy, "operation": "sum", "first": ["x"], "second": []}),
            "/input/second",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.system.solve",
            json!({"variables": xy, "generators": ["x^2 +"]}),
            "/input/generators/0",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.compute.bernstein",
            json!({"variables": ["x"], "polynomial": "x^3", "degree": 2}),
            "/input/degree",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "polynomial.compute.bernstein",
            json!({"variables": ["x"], "polynomial": "x", "interval": [1, 1]}),
            "/input/interval",
            Invalid,
            "EMPTY_INTERVAL",
        ),
        (
            "polynomial.compute.multivariate_division",
            json!({"variables": xy, "dividend": "x", "divisors": ["y", "0"]}),
            "/input/divisors/1",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        (
            "monomial_ideal.compute.standard_monomials",
            json!({"variables": xy, "generators": ["x + y"], "degree": 2}),
            "/input/generators/0",
            Invalid,
            "NOT_A_MONOMIAL",
        ),
        (
            "monomial_ideal.compute.standard_monomials",
            json!({"variables": (0..12).map(|i| format!("x{i}")).collect::<Vec<_>>(), "generators": ["x0"], "degree": 100}),
            "/input/degree",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.ideal.syzygies",
            json!({"variables": xy, "generators": ["x^51"]}),
            "/input/generators/0",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "algebraic_geometry.plane_curve.singular_points",
            json!({"variables": ["x"], "polynomial": "x"}),
            "/input/variables",
            Invalid,
            "PLANE_CURVE",
        ),
        (
            "algebraic_geometry.plane_curve.singular_points",
            json!({"variables": xy, "polynomial": "3"}),
            "/input/polynomial",
            Invalid,
            "CONSTANT",
        ),
        (
            "rational_function.compute.integral",
            json!({"variables": ["x"], "numerator": "1", "denominator": "x - x"}),
            "/input/denominator",
            Invalid,
            "DIVISION_BY_ZERO",
        ),
        (
            "rational_function.compute.integral",
            json!({"variables": ["x"], "domain": "F_5", "numerator": "1", "denominator": "x"}),
            "/input/domain",
            Invalid,
            "NOT_SUPPORTED",
        ),
        (
            "rational_function.compute.residues",
            json!({"variables": ["x"], "numerator": "1", "denominator": "x^121 + 1"}),
            "/input/denominator",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.compute.indefinite_sum",
            json!({"variables": ["k"], "polynomial": "k", "range": [1, "1/2"]}),
            "/input/range",
            Invalid,
            "BAD_RANGE",
        ),
        (
            "polynomial.decide.nonnegative",
            json!({"variables": ["x"], "polynomial": "x^2", "interval": [3, 1]}),
            "/input/interval",
            Invalid,
            "EMPTY_INTERVAL",
        ),
        (
            "polynomial.decide.nonnegative",
            json!({"variables": ["x"], "polynomial": "x^61 + 1"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "real_algebraic.compute.sign_conditions",
            json!({"variables": ["x"], "polynomial": "x^2 - 2", "polynomials": ["x", "y"]}),
            "/input/polynomials/1",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "polynomial.compute.galois_profile",
            json!({"variables": ["x"], "polynomial": "(x - 1)^2*(x + 1)"}),
            "/input/polynomial",
            Invalid,
            "NOT_SQUARE_FREE",
        ),
        (
            "polynomial.compute.galois_profile",
            json!({"variables": ["x"], "polynomial": "x^3 - 2", "primes_up_to": 10001}),
            "/input/primes_up_to",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.compute.subresultants",
            json!({"variables": ["x"], "f": "x", "g": "x^2"}),
            "/input/g",
            Invalid,
            "BAD_DEGREE",
        ),
        (
            "polynomial.compute.subresultants",
            json!({"variables": ["x", "y"], "f": "x^2 + y", "g": "x - y"}),
            "/input/variable",
            Invalid,
            "MISSING_FIELD",
        ),
        (
            "polynomial.unit_circle.compute",
            json!({"variables": ["z"], "polynomial": "z + 2", "quantities": ["arc_energy"]}),
            "/input/arc",
            Invalid,
            "MISSING_FIELD",
        ),
        (
            "polynomial.unit_circle.compute",
            json!({"cosine_coefficients": [1, 2], "quantities": ["spectral_factor"]}),
            "/input/quantities",
            Invalid,
            "NEGATIVE",
        ),
        (
            "polynomial.unit_circle.compute",
            json!({"cosine_coefficients": [5, 1, 1], "quantities": ["mahler_measure"]}),
            "/input/polynomial",
            Invalid,
            "MISSING_FIELD",
        ),
        (
            "polynomial.unit_circle.compute",
            json!({"cosine_coefficients": [5, 1], "quantities": ["maximum"], "arc": ["1/2", "1/3"]}),
            "/input/arc",
            Invalid,
            "BAD_ARC",
        ),
        (
            "polynomial.real.profile",
            json!({"variables": ["x"], "polynomials": ["x^2 - 1"], "operation": {"sublevel_measure": {"interval": [2, 1]}}}),
            "/input/operation/sublevel_measure/interval",
            Invalid,
            "BAD_INTERVAL",
        ),
        (
            "polynomial.roots.critical_points",
            json!({"variables": ["x"], "polynomial": "x^5 - x - 1", "splitting_field": true}),
            "/input/splitting_field",
            Invalid,
            "TOO_LARGE",
        ),
        (
            "polynomial.real.profile",
            json!({"variables": ["x"], "polynomials": ["x^2 - 1", "x^3 - x"], "operation": "common_interlacing"}),
            "/input/polynomials/1",
            Invalid,
            "BAD_DEGREE",
        ),
        (
            "polynomial.compute.subresultants",
            json!({"variables": ["x", "y"], "variable": "x", "f": "x^3 + y^9", "g": "x - y"}),
            "/input/f",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "algebraic_geometry.plane_curve.local",
            json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3", "point": [0, "a"]}),
            "/input/point/1",
            Invalid,
            "BAD_NUMBER",
        ),
        (
            "algebraic_geometry.plane_curve.genus",
            json!({"variables": ["x", "y"], "polynomial": "x^13 + y^13 - 1"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "algebraic_geometry.plane_curve.blowup",
            json!({"variables": ["x", "y"], "polynomial": "y^2 - x^3", "chart": "z"}),
            "/input/chart",
            Invalid,
            "",
        ),
        (
            "algebraic_geometry.conic.parametrize",
            json!({"variables": ["x", "y"], "polynomial": "x^2 - y^2"}),
            "/input/polynomial",
            Invalid,
            "DEGENERATE",
        ),
        (
            "algebraic_geometry.conic.parametrize",
            json!({"variables": ["x", "y"], "polynomial": "x^3 + y^2 - 1"}),
            "/input/polynomial",
            Invalid,
            "NOT_A_CONIC",
        ),
        (
            "monomial_ideal.compute.operation",
            json!({"variables": xy, "operation": "sum", "generators": ["x"]}),
            "/input/other",
            Invalid,
            "MISSING",
        ),
        (
            "monomial_ideal.compute.operation",
            json!({"variables": xy, "operation": "membership", "generators": ["x"], "monomial": "x + y"}),
            "/input/monomial",
            Invalid,
            "NOT_A_MONOMIAL",
        ),
        (
            "polynomial.ideal.betti_table",
            json!({"variables": xy, "generators": ["x^2 + y"]}),
            "/input/generators/0",
            Invalid,
            "NOT_HOMOGENEOUS",
        ),
        (
            "polynomial.compute.newton_polytope",
            json!({"variables": xy, "polynomial": "x + y", "weight": [1]}),
            "/input/weight",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "polynomial.compute.newton_polytope",
            json!({"variables": ["x"], "polynomial": "x + 2", "prime": 4}),
            "/input/prime",
            Invalid,
            "BAD_PRIME",
        ),
        (
            "polynomial.system.real_solutions",
            json!({"variables": xy, "generators": ["x^2 - 2", "y"], "bits": 101}),
            "/input/bits",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "polynomial.system.real_solutions",
            json!({"variables": xy, "generators": ["x^21 - 2", "y"]}),
            "/input/generators/0",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.gradient.syzygies",
            json!({"variables": xy, "polynomial": "x*y", "operation": "slice"}),
            "/input/degree",
            Invalid,
            "MISSING_FIELD",
        ),
        (
            "polynomial.gradient.syzygies",
            json!({"variables": xy, "polynomial": "x*y", "operation": "slice", "degree": 21}),
            "/input/degree",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "polynomial.gradient.syzygies",
            json!({"variables": ["a", "b", "c", "d", "e", "f", "g"], "polynomial": "a*b", "operation": "minimum_degree"}),
            "/input/variables",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "polynomial.gradient.syzygies",
            json!({"variables": ["x", "y", "z", "w"], "polynomial": "x^16 + y^16 + z^16 + w^16", "operation": "minimum_degree"}),
            "/input/polynomial",
            Unsupported,
            "TOO_LARGE",
        ),
        (
            "polynomial.construct.cyclotomic",
            json!({"n": 4, "embed": {"element": "1 + x", "into": 6}}),
            "/input/embed/into",
            Invalid,
            "NOT_A_MULTIPLE",
        ),
        (
            "polynomial.construct.cyclotomic",
            json!({"n": 4, "embed": {"element": "1 + y", "into": 8}}),
            "/input/embed/element",
            Invalid,
            "BAD_POLYNOMIAL",
        ),
        (
            "real_algebraic.plane_curve.arclength",
            json!({"x": "t", "y": "t^2", "interval": ["1", "0"]}),
            "/input/interval",
            Invalid,
            "EMPTY_INTERVAL",
        ),
        (
            "real_algebraic.plane_curve.arclength",
            json!({"x": "t", "y": "t^2", "interval": ["0", "1"], "places": 41}),
            "/input/places",
            Invalid,
            "OUT_OF_RANGE",
        ),
        (
            "real_algebraic.plane_curve.arclength",
            json!({"x": "t^25", "y": "t", "interval": ["0", "1"]}),
            "/input/x",
            Invalid,
            "TOO_LARGE",
        ),
        (
            "real_algebraic.plane.components",
            json!({"variables": ["x", "y", "z"], "polynomial": "x"}),
            "/input/variables",
            Invalid,
            "BAD_LENGTH",
        ),
        (
            "real_algebraic.plane.components",
            json!({"variables": xy, "polynomial": "x^7 + y"}),
            "/input/polynomial",
            Invalid,
            "TOO_LARGE",
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_the_pointer_of_the_field() {
    let jac = jacobian::builder().build().await.unwrap();
    for (id, input, path, status, code) in refusals() {
        let r = jac.run(CapabilityRequest::new(id, input.clone())).await;
        assert_eq!(r.status(), status, "{id} {input}: {:?}", r.execution.diagnostics);
        assert!(
            r.execution.diagnostics.iter().any(|d| d.path.as_deref() == Some(path) && d.code.contains(code)),
            "{id} {input}: {:?} lacks {path} {code}",
            r.execution.diagnostics
        );
        assert!(r.artifact_uris.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parse_errors_name_the_byte_span_of_the_token() {
    let jac = jacobian::builder().build().await.unwrap();
    let r = jac
        .run(CapabilityRequest::new(
            "polynomial.compute.properties",
            json!({"variables": ["x", "y"], "polynomial": "x^2 + 3*w*y"}),
        ))
        .await;
    let d = &r.execution.diagnostics[0];
    assert_eq!(d.path.as_deref(), Some("/input/polynomial"));
    assert!(d.message.contains("bytes 8..9") && d.message.contains("`w`"), "{}", d.message);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schwartz_zippel_is_heuristic_and_a_difference_is_certain() {
    let jac = jacobian::builder().build().await.unwrap();
    let run = |left: &str, right: &str| {
        CapabilityRequest::new(
            "polynomial.decide.identity",
            json!({"variables": ["x", "y", "z"], "left": left, "right": right, "method": "schwartz_zippel", "trials": 5}),
        )
    };
    // (x + y + z)^2000 is far beyond expansion, but evaluates at once.
    let same = jac.run(run("(x + y + z)^2000 * (x - y)", "(x - y) * (z + y + x)^2000")).await;
    assert_eq!(same.status(), ExecutionStatus::Succeeded, "{:?}", same.execution.diagnostics);
    assert_eq!(same.assurance.level, AssuranceLevel::Heuristic);
    assert_eq!(same.output["identical"], true);
    assert_eq!(same.output["degree_bound"], 2001);
    assert!(same.output["error_bound"].as_f64().unwrap() < 1e-60);
    let differ = jac.run(run("(x + y + z)^2000", "(x + y + z)^1999 * (x + y + z + 1/1000000)")).await;
    assert_eq!(differ.output["identical"], false);
    assert_eq!(differ.assurance.level, AssuranceLevel::Computed);
    assert_eq!(differ.output["witness"].as_array().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn larger_groebner_bases_verify_and_polynomial_objects_are_stored_canonically() {
    let jac = jacobian::builder().build().await.unwrap();
    // Cyclic-4 and Katsura-3 over Q and F_32003, grevlex and lex.
    let cyclic4 = json!(["a + b + c + d", "a*b + b*c + c*d + d*a", "a*b*c + b*c*d + c*d*a + d*a*b", "a*b*c*d - 1"]);
    let katsura3 = json!([
        "a + 2*b + 2*c + 2*d - 1",
        "a^2 + 2*b^2 + 2*c^2 + 2*d^2 - a",
        "2*a*b + 2*b*c + 2*c*d - b",
        "b^2 + 2*a*c + 2*b*d - c"
    ]);
    for (gens, ordering, p) in
        [(&cyclic4, "grevlex", 0), (&katsura3, "grevlex", 0), (&katsura3, "lex", 32003), (&cyclic4, "deglex", 32003)]
    {
        let input =
            json!({"variables": ["a", "b", "c", "d"], "polynomials": gens, "ordering": ordering, "characteristic": p});
        let r = jac.run(CapabilityRequest::new("polynomial.groebner_basis", input.clone()).mode(Mode::Verify)).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{input}: {:?}", r.execution.diagnostics);
        assert_eq!(r.assurance.level, AssuranceLevel::Verified, "{input}: {:?}", r.execution.diagnostics);
    }
    // artifact.put canonicalizes a polynomial object: equal polynomials share one artifact.
    let put = |text: &str| {
        CapabilityRequest::new(
            "artifact.put",
            json!({"object_type": "urn:jacobian:schema:polynomial:v1", "object": {"variables": ["x", "y"], "polynomial": text}}),
        )
    };
    let a = jac.run(put("(x + y)^2")).await;
    let b = jac.run(put("y^2 + 2*y*x + x*x")).await;
    assert_eq!(a.status(), ExecutionStatus::Succeeded, "{:?}", a.execution.diagnostics);
    assert_eq!(a.artifact_uris, b.artifact_uris);
    let bad = jac.run(put("(x + y")).await;
    assert_ne!(bad.status(), ExecutionStatus::Succeeded);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_solutions_lie_in_disjoint_boxes() {
    let jac = jacobian::builder().build().await.unwrap();
    // x² + y² = 4, xy = 1: x² = 2 ± √3, y = 1/x; x² = 2, y² = 3: (±√2, ±√3).
    let s3 = 3f64.sqrt();
    let mut circle: Vec<[f64; 2]> = vec![];
    for u in [(2.0 + s3).sqrt(), (2.0 - s3).sqrt()] {
        circle.push([u, 1.0 / u]);
        circle.push([-u, -1.0 / u]);
    }
    let grid: Vec<[f64; 2]> =
        [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)].iter().map(|(a, b)| [a * 2f64.sqrt(), b * s3]).collect();
    for (gens, solutions, bits) in
        [(json!(["x^2 + y^2 - 4", "x*y - 1"]), circle, 12), (json!(["x^2 - 2", "y^2 - 3"]), grid, 20)]
    {
        let input = json!({"variables": ["x", "y"], "generators": gens, "bits": bits});
        let r = jac.run(CapabilityRequest::new("polynomial.system.real_solutions", input.clone())).await;
        assert_eq!(r.status(), ExecutionStatus::Succeeded, "{input}: {:?}", r.execution.diagnostics);
        let boxes: Vec<Vec<[f64; 2]>> = r.output["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                b.as_array()
                    .unwrap()
                    .iter()
                    .map(|iv| {
                        let f = |v: &Value| {
                            let t = v.as_str().unwrap();
                            match t.split_once('/') {
                                Some((n, d)) => n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap(),
                                None => t.parse::<f64>().unwrap(),
                            }
                        };
                        [f(&iv[0]), f(&iv[1])]
                    })
                    .collect()
            })
            .collect();
        assert_eq!(boxes.len(), solutions.len(), "{input}");
        // Every solution lies in exactly one box, each box no wider than 2^-bits.
        for s in &solutions {
            let inside = boxes
                .iter()
                .filter(|b| b.iter().zip(s).all(|(iv, v)| iv[0] - 1e-12 <= *v && *v <= iv[1] + 1e-12))
                .count();
            assert_eq!(inside, 1, "{input}: {s:?} in {boxes:?}");
        }
        for b in &boxes {
            assert!(b.iter().all(|iv| iv[1] - iv[0] <= 2f64.powi(-bits)), "{b:?}");
        }
    }
}
