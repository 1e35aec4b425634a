"""Polynomials, rational functions and ideals pack (issue 16): which Jacobian capability reaches each
outcome of the comparable system's polynomial domains, and through which documented parameter or
output field.

An outcome is mapped only when the capability really computes it (a selectable operation or a field
of its output); what is merely derivable by the caller is left unmapped. The 0.9 list's `rational`
domain (arithmetic of rational numbers) belongs to the number-theory pack's file.
"""

TITLE = "polynomials"
ORDER = 20

SOURCES = [
    ("comparable-0.9-outcomes.txt", ["polynomial"]),
    (
        "comparable-latest-outcomes.txt",
        [
            "polynomial",
            "rational_function",
            "monomial_ideal",
            "algebraic_geometry",
            "real_algebraic",
            "formal_series",
            "orthogonal_polynomial",
            "polynomial_field",
        ],
    ),
]

ARITH = "polynomial.compute.arithmetic"
RES = "polynomial.compute.resultant"
GCD = "polynomial.compute.gcd"
SQF = "polynomial.compute.square_free_decomposition"
FACTOR = "polynomial.factor"
CONTENT = "polynomial.compute.content"
IDENTITY = "polynomial.decide.identity"
BERN = "polynomial.compute.bernstein"
NONNEG = "polynomial.decide.nonnegative"
JAC = "polynomial.map.jacobian"
MAP = "polynomial.map.analyze"
SYZ = "polynomial.ideal.syzygies"
RATARITH = "rational_function.compute.arithmetic"
PF = "rational_function.compute.partial_fractions"
INTEGRAL = "rational_function.compute.integral"
RESIDUES = "rational_function.compute.residues"
GALOIS = "polynomial.compute.galois_profile"
IDEALOP = "polynomial.ideal.operation"
DECOMP = "polynomial.ideal.decomposition"
MEMBER = "polynomial.ideal.membership"
GB = "polynomial.groebner_basis"
NEWTON = "polynomial.compute.newton_polytope"
CIRCLE = "polynomial.unit_circle.compute"
INTERP = "polynomial.compute.interpolation"
SERIES = "formal_series.compute.operation"
FIELD = "polynomial_field.compute.operator"
ORTHO = "orthogonal_polynomial.compute.family"
HOMOG = "polynomial.transform.homogenize"
BLOWUP = "algebraic_geometry.plane_curve.blowup"
P2 = "algebraic_geometry.blowup_p2.compute"
ROOTS = "polynomial.roots.isolate"

MAPPING = {
    # comparable-0.9: polynomial
    "polynomial.compute.discriminant": (RES, "`operation: discriminant`"),
    "polynomial.compute.gcd": (GCD, None),
    "polynomial.compute.resultant": (RES, None),
    "polynomial.compute.square_free_decomposition": (SQF, None),
    "polynomial.discriminant.verify": (RES, "`discriminant` in VERIFY: Sylvester determinant of f and f'"),
    "polynomial.expression.normalize": (ARITH, "`sum` of one operand: the canonical expanded text"),
    "polynomial.expression_normalization.verify": (IDENTITY, "`exact`: the expression equals its normal form"),
    "polynomial.factor.compute": (FACTOR, None),
    "polynomial.gcd.verify": (GCD, "VERIFY: cofactors and the Bezout identity"),
    "polynomial.groebner_basis.compute": (GB, None),
    "polynomial.identity.verify": (IDENTITY, None),
    "polynomial.integer.compute.compose": (ARITH, "`compose`, `domain: Z`"),
    "polynomial.integer.compute.content": (CONTENT, None),
    "polynomial.integer.compute.evaluate": (ARITH, "`evaluate`, `domain: Z`"),
    "polynomial.integer.compute.gcd": (GCD, "`domain: Z`"),
    "polynomial.integer.compute.primitive_part": (CONTENT, "`primitive_part`"),
    "polynomial.integer.compute.shift": (ARITH, "`compose` with x + a"),
    "polynomial.interval.enclose": (BERN, "`enclosure` on `interval`"),
    "polynomial.interval.enclosure.verify": (BERN, "VERIFY: the Bernstein expansion re-expanded"),
    "polynomial.interval.positivity.decide": (NONNEG, "`interval`"),
    "polynomial.interval.positivity.verify": (NONNEG, "`interval` in VERIFY: a certificate or a negative point"),
    "polynomial.jacobian_syzygy.minimum_degree.compute": ("polynomial.gradient.syzygies", "`minimum_degree`"),
    "polynomial.jacobian_syzygy.minimum_degree.verify": (
        "polynomial.gradient.syzygies",
        "`minimum_degree` in VERIFY: the syzygy and a nonsingular minor of the slice below",
    ),
    "polynomial.jacobian_degree_slice.system.materialize": ("polynomial.gradient.syzygies", "`slice`: unknowns, equations, entries"),
    "polynomial.map.collision.search": (MAP, "`collision_search` over Q on an integer box"),
    "polynomial.map.collision_witness": (MAP, "`collision_search`"),
    "polynomial.map.collision.verify": (MAP, "`collision` in VERIFY"),
    "polynomial.map.inverse.candidate_synthesize": (MAP, "`inverse`"),
    "polynomial.map.inverse.refute_by_collision": (MAP, "`collision_search` in VERIFY"),
    "polynomial.map.generic_degree.compute": (MAP, "`generic_degree`"),
    "polynomial.map.compute_jacobian": (JAC, None),
    "polynomial.map.evaluate": (ARITH, "`evaluate`, one component at a time"),
    "polynomial.map.inverse.verify": (MAP, "`inverse` in VERIFY: G(F(x)) = x and F(G(x)) = x"),
    "polynomial.map.keller_condition.verify": (JAC, "`keller` in VERIFY"),
    "polynomial.nullstellensatz.infeasibility_certificate.verify": ("polynomial.ideal.nullstellensatz", None),
    "polynomial.rational.compute.derivative": (ARITH, "`derivative`, `domain: Q`"),
    "polynomial.rational.compute.evaluate": (ARITH, "`evaluate`, `domain: Q`"),
    "polynomial.rational.compute.integral": (INTEGRAL, "`polynomial_part` of p/1"),
    "polynomial.rational.compute.partial_fraction_decomposition": (PF, None),
    "polynomial.rational.compute.quotient_remainder": ("polynomial.compute.division", None),
    "polynomial.rational_function.identity.verify": (RATARITH, "`difference` reducing to 0, VERIFY"),
    "rational_function.logarithmic_differential.compute": (RATARITH, "`logarithmic_derivative` f′/f (one variable; VERIFY)"),
    "polynomial.resultant.verify": (RES, "VERIFY: the Sylvester determinant"),
    "polynomial.square_free_decomposition.verify": (SQF, "VERIFY: the parts re-multiplied"),
    "polynomial.system.rational_solution.search": ("polynomial.system.solve", "`rational_solutions`"),
    "polynomial.system.solution.verify": (ARITH, "`evaluate` each equation at the point, VERIFY"),
    # comparable-latest: polynomial
    "polynomial.bernstein.coefficients.compute": (BERN, None),
    "polynomial.box.enclosure.compute": (BERN, "one variable: `enclosure` on an interval"),
    "polynomial.cyclotomic.compute": ("polynomial.construct.cyclotomic", None),
    "polynomial.root_location.unit_disk_profile.compute": ("polynomial.roots.location", "`unit_disk`: inside, on, outside with multiplicity"),
    "polynomial.cyclotomic_coefficient.embed.compute": ("polynomial.construct.cyclotomic", "`embed`: g(ζₙ) into Q(ζₘ)"),
    "polynomial.cyclotomic_factor_profile.compute": ("polynomial.construct.cyclotomic", "`factors_of`: every Φₙ dividing it with multiplicities"),
    "polynomial.differential_operator.apply.compute": (FIELD, "gradient, Laplacian, directional derivative, Hessian"),
    "polynomial.exact_splitting_field.compute": ("number_field.compute.splitting_field", None),
    "polynomial.galois.discriminant_profile.compute": (GALOIS, "`discriminant`, `discriminant_is_square`"),
    "polynomial.galois.factor_mod_p.compute": (GALOIS, "`frobenius`: factor degrees mod p"),
    "polynomial.galois.frobenius_cycle.compute": (GALOIS, "`frobenius`: cycle types with frequencies"),
    "polynomial.galois_group.compute": (GALOIS, "`galois_group_order`, `galois_group_name` (degree <= 7)"),
    "polynomial.ideal.containment.decide": (IDEALOP, "`contains`"),
    "polynomial.ideal.elimination.compute": ("polynomial.ideal.elimination", None),
    "polynomial.ideal.equality.decide": (IDEALOP, "`equal`"),
    "polynomial.ideal.groebner_basis.compute": (GB, None),
    "polynomial.ideal.initial_monomial_ideal.compute": (GB, "`initial_ideal`"),
    "polynomial.ideal.membership_certificate.compute": (MEMBER, "`cofactors`"),
    "polynomial.ideal.minimal_primes.compute": (DECOMP, "`minimal_primes`"),
    "polynomial.ideal.normal_form.compute": (MEMBER, "`normal_form`"),
    "polynomial.ideal.quotient.compute": (IDEALOP, "`quotient`"),
    "polynomial.ideal.radical.compute": (DECOMP, "`radical`"),
    "polynomial.ideal.radical_membership.decide": ("polynomial.ideal.radical_membership", None),
    "polynomial.ideal.saturation.compute": (IDEALOP, "`saturation`"),
    "polynomial.initial_form.compute": (NEWTON, "`weight`: `initial_form`"),
    "polynomial.integer.content_primitive_profile.compute": (CONTENT, None),
    "polynomial.interpolation.divided_differences.compute": (INTERP, None),
    "polynomial.interpolation.newton_form.compute": (INTERP, "Newton divided differences"),
    "polynomial.interpolation.hermite.compute": (INTERP, "`[x, y, y′, …]` nodes (confluent divided differences)"),
    "polynomial.interpolation.newton_evaluate.compute": (INTERP, "`evaluate_at`: the Newton form by nested multiplication"),
    "polynomial.jacobian_syzygy.coefficients.compute": (SYZ, "generators = the partial derivatives"),
    "polynomial.map.compose": (ARITH, "`compose`"),
    "polynomial.map.jacobian": (JAC, None),
    "polynomial.monomial_ideal.graded_betti_table.compute": ("polynomial.ideal.betti_table", None),
    "polynomial.multivariate.divide.compute": ("polynomial.compute.multivariate_division", None),
    "polynomial.multivariate.factor.compute": (FACTOR, "several variables (Singular)"),
    "polynomial.multivariate.gcd.compute": (GCD, "several variables (Singular)"),
    "polynomial.multivariate.resultant.compute": (RES, "`variable` eliminated (Singular)"),
    "polynomial.multivariate.subresultant_sequence.compute": (
        "polynomial.compute.subresultants",
        "`variable`: coefficients in the other variables",
    ),
    "polynomial.laurent.rational.multiply.compute": (
        "rational_function.compute.arithmetic",
        "`product` of fractions over powers of x: `laurent`",
    ),
    "polynomial.mahler_measure.compute": (CIRCLE, "`mahler_measure`"),
    "polynomial.root_critical_distance_profile.compute": (
        "polynomial.roots.critical_points",
        "`distances`, `largest_distance`",
    ),
    "polynomial.root_critical_distance_profile.splitting_field.compute": (
        "polynomial.roots.critical_points",
        "`splitting_field: true`",
    ),
    "polynomial.real.common_interlacing_profile.compute": ("polynomial.real.profile", "`common_interlacing`"),
    "polynomial.real.strict_sublevel_measure.compute": ("polynomial.real.profile", "`sublevel_measure`"),
    "polynomial.unit_circle.arc_energy.compute": (CIRCLE, "`arc_energy`"),
    "polynomial.unit_circle.real_symmetric_degree_one_fejer_riesz_factor.compute": (CIRCLE, "`spectral_factor`"),
    "polynomial.unit_circle.sup_norm_squared.compute": (CIRCLE, "`maximum` of |f|²"),
    "polynomial.newton_polytope.compute": (NEWTON, "vertices, edges, area, lattice points (two variables)"),
    "polynomial.quadratic.real_root_profile.compute": (ROOTS, "`count`, `intervals`"),
    "polynomial.quartic.cubic_resolvent.compute": (GALOIS, "`cubic_resolvent`"),
    "polynomial.rational.compute.derivative": (ARITH, "`derivative`, `domain: Q`"),
    "polynomial.rational.discrete_antiderivative.compute": ("polynomial.compute.indefinite_sum", None),
    "polynomial.rational.multiply.compute": (ARITH, "`product`, `domain: Q`"),
    "polynomial.root_count.compute": ("polynomial.compute.sturm_sequence", "`real_roots`, on the line or an interval"),
    "polynomial.roots.isolate": (ROOTS, None),
    "polynomial.solvable_by_radicals.decide": (GALOIS, "`solvable_by_radicals` (degree <= 7)"),
    "polynomial.sos.decomposition.check": (NONNEG, "`certificate`, VERIFY"),
    "polynomial.sos.gram.check": (NONNEG, "`gram_matrix`"),
    "polynomial.sturm_chain.compute": ("polynomial.compute.sturm_sequence", None),
    "polynomial.support.compute": ("polynomial.compute.properties", "`support`"),
    "polynomial.symmetric.elementary_family.compute": ("polynomial.construct.symmetric", "`elementary`"),
    "polynomial.system.real_root_box.certify": ("polynomial.system.real_solutions", "`boxes`"),
    "polynomial.weight_profile.compute": (NEWTON, "`weight`: `weighted_degrees`"),
    # rational_function
    "rational_function.formal_antiderivative.compute": (INTEGRAL, None),
    "rational_function.gradient.compute": ("polynomial_field.compute.operator", "`gradient` with a `denominator`, over d² (VERIFY)"),
    "rational_function.global_residues.compute": (RESIDUES, "`poles`"),
    "rational_function.hermite_reduction.compute": (INTEGRAL, "`rational_numerator`, `rational_denominator`"),
    "rational_function.partial_fractions.compute": (PF, None),
    "rational_function.rational_primitive.compute": (INTEGRAL, "`elementary_over_q`, `antiderivative`"),
    "rational_function.residue_at_infinity.compute": (RESIDUES, "`residue_at_infinity`"),
    # monomial_ideal
    "monomial_ideal.standard_monomials.degree.compute": ("monomial_ideal.compute.standard_monomials", None),
    # algebraic_geometry
    "algebraic_geometry.blowup_p2.surface.construct": (P2, "Picard lattice, intersection form, χ, del Pezzo test"),
    "algebraic_geometry.gaussian_polynomial.realification.compute": ("polynomial.transform.realify", None),
    "algebraic_geometry.blowup_p2.canonical_class.compute": (P2, "`canonical_class`, K²"),
    "algebraic_geometry.blowup_p2.intersection.compute": (P2, "`intersections`"),
    "algebraic_geometry.blowup_p2.strict_transform_class.compute": (P2, "`curves`: class dH − Σ mᵢEᵢ"),
    "algebraic_geometry.blowup_p2.adjunction_profile.compute": (P2, "D², K·D, arithmetic genus"),
    "algebraic_geometry.affine_plane_curve.check": ("algebraic_geometry.plane_curve.singular_points", "`singular`"),
    "algebraic_geometry.conic.rational_parametrization.compute": ("algebraic_geometry.conic.parametrize", None),
    "algebraic_geometry.plane_curve.blowup_chart.compute": (BLOWUP, "`chart`"),
    "algebraic_geometry.plane_curve.projective_closure.compute": (HOMOG, "`homogenize`"),
    "algebraic_geometry.plane_curve.strict_transform_class.compute": (BLOWUP, "`multiplicity` m: the class d H - m E"),
    "algebraic_geometry.projective_curve.affine_chart.compute": (HOMOG, "`dehomogenize` (affine charts)"),
    "algebraic_geometry.projective_plane_curve.singularity_profile.compute": (
        "algebraic_geometry.plane_curve.local",
        "multiplicity, tangent cone, Milnor and Tjurina numbers at a point",
    ),
    # real_algebraic
    "real_algebraic.plane_curve.arclength.enclose": ("real_algebraic.plane_curve.arclength", None),
    "real_algebraic.plane_semialgebraic.component_profile.compute": ("real_algebraic.plane.components", None),
    # formal_series
    "formal_series.rational.add.compute": (SERIES, "`add`"),
    "formal_series.rational.compose.compute": (SERIES, "`compose`"),
    "formal_series.rational.derivative.compute": (SERIES, "`derivative`"),
    "formal_series.rational.divide.compute": (SERIES, "`divide`"),
    "formal_series.rational.from_polynomial.compute": (SERIES, "`truncate` of a polynomial"),
    "formal_series.rational.identity.check": (SERIES, "`subtract`, VERIFY"),
    "formal_series.rational.integral_zero_constant.compute": (SERIES, "`integral`"),
    "formal_series.rational.inverse.compute": (SERIES, "`inverse`"),
    "formal_series.rational.multiply.compute": (SERIES, "`multiply`"),
    "formal_series.rational.power.compute": (SERIES, "`power`"),
    "formal_series.rational.reversion.compute": (SERIES, "`reversion`"),
    "formal_series.rational.scalar_multiply.compute": (SERIES, "`scalar_multiply`"),
    "formal_series.rational.subtract.compute": (SERIES, "`subtract`"),
    "formal_series.rational.to_polynomial.compute": (SERIES, "`truncate`: the result is a polynomial"),
    "formal_series.rational.truncate.compute": (SERIES, "`truncate`"),
    # orthogonal_polynomial
    "orthogonal_polynomial.jacobi_matrix.compute": (ORTHO, "`jacobi_diagonal`, `jacobi_offdiagonal_squared`"),
    "orthogonal_polynomial.recurrence.compute": (ORTHO, "`recurrence`"),
    "orthogonal_polynomial.christoffel_darboux.compute": (ORTHO, "`christoffel_darboux`: the kernel and norms, VERIFY by the identity"),
    # polynomial_field
    "polynomial_field.scalar.directional_derivative.compute": (FIELD, "`directional_derivative`"),
    "polynomial_field.scalar.gradient.compute": (FIELD, "`gradient`"),
    "polynomial_field.scalar.laplacian.compute": (FIELD, "`laplacian`"),
    "polynomial_field.vector.curl.compute": (FIELD, "`curl`"),
    "polynomial_field.vector.divergence.compute": (FIELD, "`divergence`"),
}
