"""Number theory and integers pack (issue 15): which Jacobian capability reaches each outcome of the
comparable system's number-theory domains, and through which documented parameter or output field.

An outcome is mapped only when the capability really computes it (a selectable property, function or
operation, or a field of its output); what is merely derivable by the caller is left unmapped.
"""

TITLE = "number-theory"
ORDER = 10

# The lists and, in each, the domains of the pack, in this order.
SOURCES = [
    ("comparable-0.9-outcomes.txt", ["integer", "number_theory", "modular", "rational"]),
    (
        "comparable-latest-outcomes.txt",
        [
            "number_theory",
            "dirichlet_character",
            "elliptic_curve",
            "quadratic_form",
            "number_field",
            "finite_field",
            "arithmetic",
            "multiplicative",
            "diophantine",
            "congruence",
        ],
    ),
]

PROPS = "integer.compute.properties"
PRIMES = "integer.compute.primes"
RAT = "rational.compute.arithmetic"
PROFILE = "number_theory.compute.interval_profile"
EC_POINT = "elliptic_curve.compute.point_arithmetic"
EC_MOD_P = "elliptic_curve.compute.reduction"
EC_FF = "elliptic_curve.compute.finite_field"
EC_ISO = "elliptic_curve.decide.finite_field_isomorphism"
QF_INV = "quadratic_form.compute.invariants"
QF_REP = "quadratic_form.compute.representation_numbers"
QF_OP = "quadratic_form.compute.operation"
NSG = "number_theory.numerical_semigroup.invariants"
AFF_L = "number_theory.affine_forms.local"
STATS = "number_theory.compute.interval_statistics"
FF_MAP = "finite_field.compute.polynomial_map"
AFF_I = "number_theory.affine_forms.interval"
NSG_EL = "number_theory.numerical_semigroup.factorizations"
CHAR = "dirichlet_character.compute.properties"
CHARS = "dirichlet_character.enumerate.group"
CHAR_OP = "dirichlet_character.compute.operation"
CHAR_B = "dirichlet_character.compute.bernoulli"
NF_INV = "number_field.compute.invariants"
NF_AUT = "number_field.compute.automorphisms"
NF_EMB = "number_field.compute.embeddings"
NF_GAL = "number_field.compute.galois_correspondence"
ZEROS = "finite_field.count.zeros"
DIRICHLET = "arithmetic.compute.dirichlet"
COVERING = "congruence.compute.covering"
CF = "number_theory.compute.continued_fraction"
KEMPNER = "number_theory.kempner.compute"
APPROX = "number_theory.diophantine_approximation.compute"

# Outcome id -> (our capability id, parameter or output note, or None).
MAPPING = {
    "finite_field.prime_linear_action.homogeneous_fixed_subspace.compute": ("finite_field.compute.invariant_forms", None),
    "finite_field.jacobian_syzygy.check": ("finite_field.compute.jacobian_syzygies", "`check`"),
    "finite_field.jacobian_syzygy.generators.compute": ("finite_field.compute.jacobian_syzygies", "`generators`"),
    "number_theory.binary_quadratic_form.check": ("quadratic_form.binary.check", None),
    # integer (0.9)
    "integer.compute.absolute_value": (PROPS, "`absolute_value`"),
    "integer.compute.aliquot_sum": (PROPS, "`aliquot_sum`"),
    "integer.compute.decimal_digit_count": (PROPS, "`decimal_digit_count`"),
    "integer.compute.decimal_digit_sum": (PROPS, "`decimal_digit_sum`"),
    "integer.compute.divisor_count": (PROPS, "`divisor_count`"),
    "integer.compute.divisor_sum": (PROPS, "`divisor_sum`"),
    "integer.compute.divisors": ("integer.compute.divisors", None),
    "integer.compute.euler_totient": (PROPS, "`euler_totient`"),
    "integer.compute.extended_gcd": ("integer.compute.gcd", "`bezout`"),
    "integer.compute.floor_square_root": (PROPS, "`floor_square_root`"),
    "integer.compute.gcd": ("integer.compute.gcd", None),
    "integer.compute.lcm": ("integer.compute.lcm", None),
    "integer.compute.mobius": (PROPS, "`mobius`"),
    "integer.compute.next_prime": (PRIMES, "`next`"),
    "integer.compute.nth_prime": (PRIMES, "`nth`"),
    "integer.compute.nth_root": ("integer.compute.root", "`k`"),
    "integer.compute.previous_prime": (PRIMES, "`previous`"),
    "integer.compute.prime_count": (PRIMES, "`count_up_to`"),
    "integer.compute.prime_factorization": ("integer.factor", None),
    "integer.compute.primorial": ("integer.compute.primorial", None),
    "integer.compute.proper_divisors": ("integer.compute.divisors", "`proper: true`"),
    "integer.compute.radical": (PROPS, "`radical`"),
    "integer.compute.sign": (PROPS, "`sign`"),
    "integer.compute.valuation": ("integer.compute.valuation", None),
    "integer.decide.abundant": (PROPS, "`is_abundant`"),
    "integer.decide.coprime": ("integer.compute.gcd", "coprime when `gcd` = 1"),
    "integer.decide.deficient": (PROPS, "`is_deficient`"),
    "integer.decide.divides": ("integer.decide.divides", None),
    "integer.decide.even": (PROPS, "`is_even`"),
    "integer.decide.odd": (PROPS, "`is_odd`"),
    "integer.decide.perfect": (PROPS, "`is_perfect`"),
    "integer.decide.powerful": (PROPS, "`is_powerful`"),
    "integer.decide.prime": ("integer.decide.prime", None),
    "integer.decide.square": (PROPS, "`is_square`"),
    "integer.decide.squarefree": (PROPS, "`is_squarefree`"),
    "integer.powerful.verify": (PROPS, "`is_powerful` in VERIFY: recomputed from a certified factorization"),
    "integer.prime_factorization.verify": ("integer.factor", "VERIFY: an ECPP certificate per prime"),
    "integer.transform.base_digits": ("integer.transform.base_digits", None),
    # number_theory (0.9 and latest)
    "number_theory.binary_quadratic_form.class_compose.compute": ("quadratic_form.binary.compose", None),
    "number_theory.binary_quadratic_form.proper_equivalence.decide": ("quadratic_form.binary.equivalent", None),
    "number_theory.binary_quadratic_form.reduce": ("quadratic_form.binary.reduce", None),
    "number_theory.binary_quadratic_form.reduced_classes.compute": (
        "quadratic_form.binary.class_group",
        "`forms: true`, D < 0",
    ),
    "number_theory.binomial_valuation.compute": ("number_theory.compute.factorial_valuation", "`k`"),
    "number_theory.ksigma.preimage.compute": ("number_theory.compute.divisor_sum_preimages", "`k`"),
    "number_theory.euler_phi.preimage_power_sums.compute": ("number_theory.compute.totient_preimages", "`power_sums`"),
    "number_theory.divisibility_incidence_graph.compute": (
        "number_theory.construct.arithmetic_graph",
        "`relation: divides` with `targets`",
    ),
    "number_theory.integer_set.non_coprimality_graph.compute": (
        "number_theory.construct.arithmetic_graph",
        "`relation: not_coprime`",
    ),
    "congruence.periodic_union.profile.compute": (COVERING, "period, density, covered residues, interval counts"),
    "number_theory.integer_interval.p_adic_valuation_profile.compute": (STATS, "`p_adic_valuation`"),
    "number_theory.prime_gap_profile.compute": (STATS, "`prime_gaps`"),
    "number_theory.integer_interval.contiguous_sum_profile.compute": (STATS, "`consecutive_sums`"),
    "number_theory.binomial_valuation.profile.compute": (STATS, "`binomial_valuations`"),
    "number_theory.integer_interval.prime_coverage_profile.compute": (STATS, "`prime_coverage`, with the longest covered run"),
    "number_theory.gcd_quotient.profile.compute": (STATS, "`polynomial_gcd`: gcd(f(n), g(n)), a divisor of the resultant"),
    "number_theory.product_divisibility.profile.compute": (STATS, "`product_divisibility`: gcd(m, ∏(n + h))"),
    "number_theory.translated_prime.representation_profile.compute": (STATS, "`translated_primes`: #{t : n − t prime}"),
    "multiplicative.product_representation_profile.compute": (STATS, "`product_representations`: d_k(n)"),
    "finite_field.matrix.rank.compute": ("matrix.compute.invariants", "`rank` of a matrix over F_p"),
    "finite_field.linear_map.rank.compute": ("matrix.compute.invariants", "`rank` of the map's matrix over F_p"),
    "finite_field.quotient.reduce.compute": ("polynomial.ideal.membership", "`normal_form` over F_p"),
    "number_theory.binary_quadratic_form.representations.compute": ("quadratic_form.binary.represent", "positive definite forms"),
    "number_theory.binary_quadratic_form.evaluate": (QF_OP, "`evaluate` on [[a, b], [c]]"),
    "number_theory.prime_affine_forms.interval_count.compute": (AFF_I, "`condition: prime`: `count`"),
    "number_theory.prime_affine_forms.interval_enumerate.compute": (AFF_I, "`list: true`"),
    "number_theory.prime_affine_forms.interval_residue_profile.compute": (AFF_I, "`modulus`: `residue_counts`"),
    "number_theory.prime_affine_forms.local_admissibility.compute": (AFF_L, "`admissible`, `obstruction`"),
    "number_theory.prime_affine_forms.local_factor.compute": (AFF_L, "`local`: `factor`"),
    "number_theory.prime_affine_forms.local_factors.compute": (AFF_L, "`local`, `euler_product`"),
    "number_theory.prime_affine_forms.residue_wheel.compute": (AFF_L, "`wheel: true`: `count`"),
    "number_theory.prime_affine_forms.residue_wheel.enumerate.compute": (AFF_L, "`wheel: true`: `residues`"),
    "number_theory.prime_affine_forms.translation.compute": (AFF_L, "`shift`"),
    "number_theory.prime_affine_forms.wheel_membership.compute": (AFF_L, "`members`"),
    "number_theory.squarefree_affine_forms.euler_product.compute": (AFF_L, "`condition: squarefree`: `euler_product`"),
    "number_theory.squarefree_affine_forms.infinite_product.enclose": (AFF_L, "`condition: squarefree`: `enclosure`"),
    "number_theory.squarefree_affine_forms.interval_count.compute": (AFF_I, "`condition: squarefree`"),
    "number_theory.squarefree_affine_forms.local_admissibility.decide": (AFF_L, "`condition: squarefree`: `admissible`"),
    "number_theory.squarefree_affine_forms.local_factor.compute": (AFF_L, "`condition: squarefree`: `local`"),
    "number_theory.kempner_series.enclose": (KEMPNER, "`series`: `enclosure`"),
    "number_theory.kempner_series.enclose_decimal": (KEMPNER, "`series`: `decimal`"),
    "number_theory.kempner_set.arithmetic_progression.decide": (KEMPNER, "`progression`: `contains`, `least`"),
    "number_theory.dickman_rho.piecewise_enclosure.compute": ("number_theory.dickman_rho.enclose", "`values`; `terms`: `pieces`"),
    "number_theory.quadratic_surd.scaled_floor.compute": (APPROX, "`operation: scaled_floor`"),
    "number_theory.quadratic_surd.nearest_integer_distance.compute": (APPROX, "`operation: nearest_integer_distance`"),
    "number_theory.simultaneous_approximation.record_minima.compute": (APPROX, "`operation: record_minima`"),
    "number_theory.simultaneous_approximation.range_profile.compute": (APPROX, "`operation: range_profile`"),
    "number_theory.simultaneous_approximation.product_enclosure.compute": (APPROX, "`operation: product_enclosure`"),
    "number_theory.padic.roots.compute": ("number_theory.solve.padic_roots", None),
    "number_theory.padic.hensel_root.compute": ("number_theory.solve.padic_roots", "Hensel lifting to `precision`"),
    "number_theory.numerical_semigroup.summary.compute": (NSG, None),
    "number_theory.numerical_semigroup.betti_elements.compute": (NSG, "`factorization: true`"),
    "number_theory.numerical_semigroup.minimal_presentation.compute": (NSG, "`factorization: true`"),
    "number_theory.numerical_semigroup.presentation_degree_profile.compute": (
        NSG,
        "`minimal_presentation` degrees, `presentation_size`",
    ),
    "number_theory.numerical_semigroup.delta_set.compute": (NSG, "`factorization: true`: `delta_set`"),
    "number_theory.numerical_semigroup.catenary_degree.compute": (NSG, "`factorization: true`: `catenary_degree`"),
    "number_theory.numerical_semigroup.elasticity.global_compute": (NSG, "`elasticity`"),
    "number_theory.numerical_semigroup.membership.compute": (NSG_EL, "`member`"),
    "number_theory.numerical_semigroup.factorizations.compute": (NSG_EL, None),
    "number_theory.numerical_semigroup.factorization_lengths.compute": (NSG_EL, "`lengths`"),
    "number_theory.numerical_semigroup.elasticity.compute": (NSG_EL, "`elasticity`"),
    "number_theory.numerical_semigroup.factorization_graph.compute": (NSG_EL, "`graph: true`"),
    "number_theory.numerical_semigroup.factorization_distance_matrix.compute": (NSG_EL, "`graph: true`: `distances`"),
    "number_theory.compute.factorial_valuation": ("number_theory.compute.factorial_valuation", None),
    "number_theory.compute.jacobi_symbol": ("number_theory.compute.kronecker_symbol", "n odd and positive"),
    "number_theory.compute.legendre_symbol": ("number_theory.compute.kronecker_symbol", "n an odd prime"),
    "number_theory.elliptic_curve.short_weierstrass.discriminant.compute": (
        "elliptic_curve.compute.invariants",
        "`curve: [a4, a6]`, `discriminant`",
    ),
    "number_theory.elliptic_curve.short_weierstrass.point_addition.compute": (EC_POINT, "`add`"),
    "number_theory.elliptic_curve.short_weierstrass.point_on_curve.decide": (EC_POINT, "`on_curve`"),
    "number_theory.elliptic_curve.short_weierstrass.scalar_multiply.compute": (EC_POINT, "`multiply`"),
    "number_theory.euler_phi.preimage_count.compute": (
        "number_theory.compute.totient_preimages",
        "the length of `preimages`",
    ),
    "number_theory.euler_phi.preimages.compute": ("number_theory.compute.totient_preimages", None),
    "number_theory.friable.count.compute": ("number_theory.compute.smooth_count", None),
    "number_theory.integer_interval.divisor_count_profile.compute": (PROFILE, "`divisor_count`"),
    "number_theory.integer_interval.divisor_sum_profile.compute": (PROFILE, "`divisor_sum`"),
    "number_theory.integer_interval.euler_totient_profile.compute": (PROFILE, "`euler_totient`"),
    "number_theory.integer_interval.greatest_prime_factor_profile.compute": (PROFILE, "`greatest_prime_factor`"),
    "number_theory.integer_interval.least_prime_factor_profile.compute": (PROFILE, "`least_prime_factor`"),
    "number_theory.integer_interval.squarefree_profile.compute": (PROFILE, "`squarefree`"),
    "number_theory.ramanujan_sum.compute": ("number_theory.compute.ramanujan_sum", None),
    # modular (0.9)
    "modular.polynomial_residue_image.verify": ("modular.compute.polynomial_image", "VERIFY: re-evaluated everywhere by a checker"),
    "modular.compute.discrete_logarithm": ("modular.solve.discrete_log", None),
    "modular.compute.inverse": ("modular.compute.inverse", None),
    "modular.compute.multiplicative_order": ("modular.compute.multiplicative_order", None),
    "modular.enumerate.quadratic_residues": ("modular.enumerate.quadratic_residues", None),
    "modular.polynomial_residue_image.compute": ("modular.compute.polynomial_image", None),
    # modular.polynomial_residue_image.verify: modular.compute.polynomial_image is EXPLORE only.
    "modular.solve.chinese_remainder": ("modular.solve.crt", None),
    # rational (0.9)
    "rational.compute.absolute_value": (RAT, "`absolute_value`"),
    "rational.compute.ceiling": (RAT, "`ceiling`"),
    "rational.compute.continued_fraction": (CF, "`value: {rational}`"),
    "rational.compute.difference": (RAT, "`difference`"),
    "rational.compute.floor": (RAT, "`floor`"),
    "rational.compute.maximum": (RAT, "`maximum`"),
    "rational.compute.minimum": (RAT, "`minimum`"),
    "rational.compute.negation": (RAT, "`negation`"),
    "rational.compute.product": (RAT, "`product`"),
    "rational.compute.quotient": (RAT, "`quotient`"),
    "rational.compute.reciprocal": (RAT, "`reciprocal`"),
    "rational.compute.sum": (RAT, "`sum`"),
    "rational.decide.equal": (RAT, "`compare`: 0"),
    "rational.decide.less_than": (RAT, "`compare`: −1"),
    # dirichlet_character (latest)
    "dirichlet_character.compute": (CHAR, "Conrey label `modulus`.`index`"),
    "dirichlet_character.conductor.compute": (CHAR, "`conductor`"),
    "dirichlet_character.gauss_sum.compute": ("dirichlet_character.compute.gauss_sum", "`gauss_sum`"),
    "dirichlet_character.group.compute": (CHARS, "`structure`, `generators`, `count`"),
    "dirichlet_character.group.enumerate.compute": (CHARS, "`characters`"),
    "dirichlet_character.jacobi_sum.compute": ("dirichlet_character.compute.gauss_sum", "`psi`, `jacobi_sum`"),
    "dirichlet_character.order.compute": (CHAR, "`order`"),
    "dirichlet_character.parity.compute": (CHAR, "`parity`"),
    "dirichlet_character.primitive_gauss_norm.compute": (
        "dirichlet_character.compute.gauss_sum",
        "`gauss_sum.abs_squared` of a primitive χ",
    ),
    "dirichlet_character.principal.compute": (CHAR, "`index: 1`"),
    "dirichlet_character.principal.value.compute": (CHAR, "`index: 1`, `values`"),
    "dirichlet_character.table.compute": (CHAR, "`table: true`"),
    "dirichlet_character.value.compute": (CHAR, "`values`"),
    "dirichlet_character.conjugate.compute": (CHAR_OP, "`conjugate`"),
    "dirichlet_character.multiply.compute": (CHAR_OP, "`multiply`"),
    "dirichlet_character.power.compute": (CHAR_OP, "`power`"),
    "dirichlet_character.kernel.compute": (CHAR_OP, "`kernel`"),
    "dirichlet_character.inflate.compute": (CHAR_OP, "`inflate`"),
    "dirichlet_character.restrict_modulus.compute": (CHAR_OP, "`restrict`"),
    "dirichlet_character.orthogonality.compute": (CHAR_OP, "`orthogonality` (rows or columns)"),
    "dirichlet_character.group.fourier_matrix.compute": (CHAR_OP, "`fourier_matrix`"),
    "dirichlet_character.residue_class_indicator_expansion.compute": (CHAR_OP, "`indicator_expansion`"),
    "dirichlet_character.change_coordinate_basis.compute": (CHAR_OP, "`coordinates`, `from_coordinates`"),
    "dirichlet_character.generalized_bernoulli.compute": (CHAR_B, "`bernoulli`"),
    "dirichlet_character.generalized_bernoulli_prefix.compute": (CHAR_B, "`prefix: true`"),
    "dirichlet_character.l_value_nonpositive_integer.compute": (CHAR_B, "`l_value` = L(1 − k, χ)"),
    "dirichlet_character.generalized_gauss_sum.compute": ("dirichlet_character.compute.gauss_sum", "`a`"),
    "dirichlet_character.mixed_jacobi_sum.compute": (
        "dirichlet_character.compute.gauss_sum",
        "`mixed`, `mixed_jacobi_sum`",
    ),
    # elliptic_curve (latest): over prime fields F_p, the curve given by integer lifts.
    "elliptic_curve.finite_field.cardinality.exhaustive.compute": (EC_MOD_P, "`count`, over F_p"),
    "elliptic_curve.finite_field.extension_counts.compute": (EC_MOD_P, "`extensions`, `counts`, over F_p"),
    "elliptic_curve.finite_field.group_structure.compute": (EC_MOD_P, "`structure`, over F_p"),
    "elliptic_curve.finite_field.zeta_polynomial.compute": (EC_MOD_P, "`zeta_numerator`, over F_p"),
    "elliptic_curve.finite_field.base_change.compute": (EC_FF, "`base_change`: #E(F_{p^k})"),
    "elliptic_curve.finite_field.point.check": (EC_FF, "`on_curve`"),
    "elliptic_curve.finite_field.point.add.compute": (EC_FF, "`add`"),
    "elliptic_curve.finite_field.point.negate.compute": (EC_FF, "`negate`"),
    "elliptic_curve.finite_field.point.scalar_multiply.compute": (EC_FF, "`multiply`"),
    "elliptic_curve.finite_field.point.order.compute": (EC_FF, "`order`"),
    "elliptic_curve.finite_field.point.membership_in_generated_subgroup.decide": (EC_FF, "`membership`"),
    "elliptic_curve.finite_field.points.enumerate": (EC_FF, "`points`"),
    "elliptic_curve.finite_field.quadratic_twist.compute": (EC_FF, "`twist`"),
    "elliptic_curve.finite_field.short_weierstrass.discriminant.compute": (
        EC_FF,
        "`invariants`: `short_weierstrass`, `short_discriminant`",
    ),
    "elliptic_curve.finite_field.isomorphism.decide": (EC_ISO, "`isomorphic`, `isomorphism`"),
    "elliptic_curve.finite_field.isomorphism.transport_point.compute": (EC_ISO, "`points`, `transported`"),
    "elliptic_curve.finite_field.quadratic_twist_relation.compute": (EC_ISO, "`quadratic_twist`, `relation`"),
    "elliptic_curve.finite_field.twist_class.decide": (EC_ISO, "`twists` (equal j)"),
    "elliptic_curve.finite_field.isogeny_class.decide": (EC_ISO, "`isogenous` (equal #E(F_p), Tate)"),
    # quadratic_form (latest)
    "quadratic_form.determinant_discriminant.compute": (QF_INV, "`determinant`"),
    "quadratic_form.integral_content.compute": (QF_INV, "`content`"),
    "quadratic_form.rational_diagonalization.compute": (QF_INV, "`diagonal`"),
    "quadratic_form.representing_vectors.compute": (QF_REP, "`vectors: true`, positive definite"),
    "quadratic_form.signature.compute": (QF_INV, "`signature`"),
    "quadratic_form.theta_selected_coefficients.compute": (QF_REP, "`counts` up to `bound`"),
    "quadratic_form.bilinear_pairing.compute": (QF_OP, "`polar`"),
    "quadratic_form.characteristic_two.polar_pairing.compute": (QF_OP, "`polar` with `modulus: 2`"),
    "quadratic_form.coefficient_matrix.compute": (QF_OP, "`matrices`"),
    "quadratic_form.coordinate_restriction.compute": (QF_OP, "`restrict`"),
    "quadratic_form.direct_sum.compute": (QF_OP, "`direct_sum`"),
    "quadratic_form.evaluate.compute": (QF_OP, "`evaluate`"),
    "quadratic_form.finite_box_value_profile.compute": (QF_OP, "`box_values`"),
    "quadratic_form.finite_gauss_sum.compute": (QF_OP, "`modular_values`: `counts` in Z[ζ_m], `gauss_sum`"),
    "quadratic_form.integral.rational_extension.compute": (QF_OP, "`matrices`: the Gram matrix over Q"),
    "quadratic_form.modular.evaluate.compute": (QF_OP, "`evaluate` with `modulus`"),
    "quadratic_form.modular_fiber.compute": (QF_OP, "`modular_values` with `value`"),
    "quadratic_form.modular_value_profile.compute": (QF_OP, "`modular_values`"),
    "quadratic_form.modulus_reduce.compute": (QF_OP, "`reduce_modulo`"),
    "quadratic_form.parity_profile.compute": (QF_OP, "`modular_values` with `modulus: 2`"),
    "quadratic_form.rank_radical.compute": (QF_OP, "`radical`"),
    "quadratic_form.scale.compute": (QF_OP, "`scale`"),
    "quadratic_form.unimodular_change.compute": (QF_OP, "`change_variables` (det ±1)"),
    "quadratic_form.variable_change.compute": (QF_OP, "`change_variables`"),
    # number_field (latest)
    "number_field.class_group.compute": ("number_field.compute.class_group", None),
    "number_field.discriminant.compute": (NF_INV, "`discriminant`"),
    "number_field.polynomial.splitting_field.compute": ("number_field.compute.splitting_field", None),
    "number_field.ring_of_integers.compute": (NF_INV, "`integral_basis`"),
    "number_field.unit_group.compute": ("number_field.compute.unit_group", None),
    "number_field.automorphism.apply.compute": (NF_AUT, "`apply` (VERIFY)"),
    "number_field.automorphism.apply_element.compute": (NF_AUT, "`apply` to elements (VERIFY)"),
    "number_field.automorphism.compose.compute": (NF_AUT, "`compose` (VERIFY)"),
    "number_field.automorphism.inverse.compute": (NF_AUT, "`inverse` (VERIFY)"),
    "number_field.extension.automorphisms.compute": (NF_AUT, "`list`, `relative` (Aut(K/F))"),
    "number_field.element.embedding_orbit.compute": (NF_EMB, "`evaluate` (also `orbit` of the automorphisms)"),
    "number_field.embedding.apply_exact.compute": (NF_EMB, "`exact` (minimal polynomial, root, interval)"),
    "number_field.embeddings.compute": (NF_EMB, "`list`"),
    "number_field.real_embedding.element_order.compare": (NF_EMB, "`order`, exact"),
    "number_field.real_embedding.binary_power_sum_gap_profile.compute": (NF_EMB, "`power_sums`"),
    "number_field.galois.compositum.compute": (NF_GAL, "`compositum`"),
    "number_field.galois.fixed_field.compute": (NF_GAL, "`fixed_field`"),
    "number_field.galois.intermediate_stabilizer.compute": (NF_GAL, "`stabilizer`"),
    "number_field.galois.subgroup.compute": (NF_GAL, "`subgroups`, `fixed_field` (the subgroup generated)"),
    "number_field.galois_correspondence.compute": (NF_GAL, "`subgroups`"),
    "number_field.relative_trace_norm.compute": ("number_field.compute.relative_norm_trace", None),
    # finite_field (latest): one polynomial over a prime field.
    "finite_field.polynomial.evaluate.compute": (FF_MAP, "`evaluate`"),
    "finite_field.polynomial.jacobian.compute": (FF_MAP, "`jacobian`"),
    "finite_field.polynomial_map.collision.analyze": (FF_MAP, "`collisions`"),
    "finite_field.polynomial_map.fibers.compute": (FF_MAP, "`fibers`"),
    "finite_field.polynomial_map.permutation.analyze": (FF_MAP, "`collisions`: `permutation`"),
    "finite_field.polynomial_map.table.compute": (FF_MAP, "`table`"),
    "finite_field.orbit_distribution.compute": (FF_MAP, "`dynamics`: cycles and tails"),
    "finite_field.projective_zero_set.compute": (FF_MAP, "`projective_zeros`"),
    "finite_field.projective_line.enumerate": (FF_MAP, "`projective_zeros` of 0 in two variables"),
    "finite_field.direction_rank_ledger.compute": (FF_MAP, "`directions`: rank of each derivative F(x + d) − F(x)"),
    "finite_field.algebraic_set.base_change.compute": ("finite_field.compute.algebraic_set", "`points` over F_{q^k}"),
    "finite_field.restrict_scalars.compute": ("finite_field.compute.algebraic_set", "`restrict_scalars`"),
    "finite_field.paley_tournament.construct": ("finite_field.construct.paley", None),
    "finite_field.affine_zero_count.compute": (ZEROS, "`affine`, one polynomial over F_p"),
    "finite_field.affine_zero_set.compute": (ZEROS, "`list: true`, one polynomial over F_p"),
    "finite_field.projective_zero_count.compute": (ZEROS, "`projective`, one polynomial over F_p"),
    # arithmetic (latest)
    "arithmetic.dirichlet_convolution.compute": (DIRICHLET, "`convolution`"),
    "arithmetic.dirichlet_inverse.compute": (DIRICHLET, "`inverse`"),
    "arithmetic.mobius_transform.compute": (DIRICHLET, "`mobius_transform`"),
    "arithmetic.summatory_function.compute": ("number_theory.compute.summatory", None),
    "arithmetic.real_quadratic.embeddings.compute": (NF_EMB, "`list`, `evaluate` on x² − d"),
    "arithmetic.real_quadratic.order.compute": (NF_EMB, "`order` on x² − d, exact"),
    # diophantine (latest)
    "diophantine.continued_fraction.compute": (CF, None),
    "diophantine.convergents.compute": (CF, "`convergents`"),
    "diophantine.pell_equation.solve": ("number_theory.solve.pell", None),
    # congruence (latest)
    "congruence.periodic_union.interval_count.compute": (COVERING, "`interval`"),
    "congruence.periodic_union.measure.compute": (COVERING, "`density`"),
    "congruence.periodic_union.prefix_count.compute": (COVERING, "`interval` from 0"),
}
