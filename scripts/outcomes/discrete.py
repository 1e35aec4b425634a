"""Discrete pack (issue 18, the part without groups): which Jacobian capability reaches each outcome of
the comparable system's combinatorics, sequence, finite-set, order, probability, set-system, matroid,
latin-square, tableau and word domains, and through which documented parameter or output field.

An outcome is mapped only when the capability really computes it (a selectable family, property,
operation or structure, or a field of its output); what is merely derivable by the caller is left
unmapped.
"""

TITLE = "discrete"
ORDER = 50

# The lists and, in each, the domains of the pack, in this order.
SOURCES = [
    ("comparable-0.9-outcomes.txt", ["combinatorics", "sequence", "finite_set", "poset", "probability"]),
    (
        "comparable-latest-outcomes.txt",
        [
            "combinatorics",
            "sequence",
            "finite_set",
            "poset",
            "probability",
            "hypergraph",
            "matroid",
            "latin_square",
            "set_system",
            "tableau",
            "word",
        ],
    ),
]

NUM = "combinatorics.compute.numbers"
ENUM = "combinatorics.enumerate.structures"
TAB = "combinatorics.compute.tableaux"
RSK = "tableau.compute.rsk"
WORD = "word.compute.properties"
STATS = "sequence.compute.statistics"
REC_FIND = "sequence.recurrence.find"
REC_EVAL = "sequence.recurrence.evaluate"
GUESS = "sequence.guess.generating_function"
SIDON = "combinatorics.additive.sidon"
DIFF = "combinatorics.difference_set.compute"
SETF = "combinatorics.set_function.analyze"
DESIGN = "combinatorics.design.construct"
POSET = "poset.compute.properties"
PROB = "probability.finite_distribution.compute"
MARKOV = "probability.markov_chain.compute"
REL = "probability.reliability.compute"
SPACE = "probability.finite_space.compute"
SETS = "finite_set.compute.operation"
HYPER = "hypergraph.compute.properties"
LATIN = "latin_square.compute.properties"
MATROID = "matroid.compute.properties"
INTERSECT = "matroid.intersection.compute"
HCONS = "hypergraph.construct"
XC = "combinatorics.exact_cover.solve"

VERIFY = "VERIFY mode"


def numbers(family):
    return (NUM, f"`family: {family}`")


def stat(name):
    return (STATS, f"`{name}`")


MAPPING = {
    # combinatorics (0.9)
    "combinatorics.compute.bell": numbers("bell"),
    "combinatorics.compute.bernoulli": numbers("bernoulli"),
    "combinatorics.compute.binomial": numbers("binomial"),
    "combinatorics.compute.catalan": numbers("catalan"),
    "combinatorics.compute.central_binomial": numbers("central_binomial"),
    "combinatorics.compute.compositions": numbers("compositions"),
    "combinatorics.compute.derangements": numbers("derangements"),
    "combinatorics.compute.double_factorial": numbers("double_factorial"),
    "combinatorics.compute.factorial": numbers("factorial"),
    "combinatorics.compute.fibonacci": numbers("fibonacci"),
    "combinatorics.compute.fibonacci_pair": (NUM, "`family: fibonacci` with `table`"),
    "combinatorics.compute.lucas": numbers("lucas"),
    "combinatorics.compute.motzkin": numbers("motzkin"),
    "combinatorics.compute.multinomial": numbers("multinomial"),
    "combinatorics.compute.partition_number": numbers("partitions"),
    "combinatorics.compute.permutations": numbers("permutations"),
    "combinatorics.compute.stirling_first": numbers("stirling_first"),
    "combinatorics.compute.stirling_second": numbers("stirling_second"),
    "combinatorics.cyclic_difference_set.extension.decide": (DIFF, "`search` with `contains`"),
    "combinatorics.cyclic_difference_set.extension.verify": (DIFF, "`search` with `contains`, " + VERIFY),
    "combinatorics.cyclic_difference_set.perfect.decide": (DIFF, "`decide` with `lambda: 1`"),
    "combinatorics.cyclic_difference_set.perfect.verify": (DIFF, "`decide`, " + VERIFY),
    "combinatorics.enumerate.integer_partitions": (ENUM, "`integer_partitions`"),
    "combinatorics.generating_function.coefficients.compute": (REC_EVAL, "`list` (coefficients of a rational generating function's recurrence)"),
    "combinatorics.generating_function.coefficients.verify": (REC_EVAL, VERIFY),
    "combinatorics.integer_set.sidon.decide": (SIDON, "`decide`"),
    "combinatorics.integer_set.sidon.verify": (SIDON, "`decide`, " + VERIFY),
    "combinatorics.design.steiner_triple_system.construct": (DESIGN, "`steiner_triple_system` (Bose, Skolem)"),
    "combinatorics.set_function.evaluate": (SETF, "`evaluate`, of a table, a coverage function or a graph cut function"),
    "combinatorics.set_function.monotonicity": (SETF, "`monotone`, with a violating S and i"),
    "combinatorics.set_function.submodularity": (SETF, "`submodular` (and supermodular, modular), with a violating S, i, j"),
    "combinatorics.recurrence.linear.evaluate": (REC_EVAL, None),
    "combinatorics.recurrence.linear.verify": (REC_EVAL, VERIFY),
    # combinatorics (latest)
    "combinatorics.conjugate_partition.compute": (TAB, "`conjugate`"),
    "combinatorics.hook_length.compute": (TAB, "`hook_lengths`"),
    "combinatorics.integer_set.sidon.extension_profile.compute": (SIDON, "`extension_profile`"),
    "combinatorics.partition.check": (TAB, "`check` (shape of a partition) / `dominance`"),
    "combinatorics.partition.dominance.compare": (TAB, "`dominance`"),
    "combinatorics.rsk.permutation.compute": (RSK, "`permutation`"),
    "combinatorics.semistandard_young_tableaux.count": (TAB, "`semistandard_count`"),
    "combinatorics.semistandard_young_tableaux.enumerate": (TAB, "`semistandard_count` with `list`"),
    "combinatorics.semistandard_young_tableaux.fixed_content_count": (TAB, "`kostka`"),
    "combinatorics.standard_young_tableaux.count": (TAB, "`standard_count`"),
    "combinatorics.standard_young_tableaux.enumerate": (TAB, "`standard_count` with `list`"),
    "combinatorics.tableau.semistandard.check": (TAB, "`check`"),
    "combinatorics.tableau.standard.check": (TAB, "`check`"),
    # sequence
    "sequence.autocorrelation.aperiodic.compute": stat("autocorrelation_aperiodic"),
    "sequence.autocorrelation.cyclic.compute": stat("autocorrelation_cyclic"),
    "sequence.compute.distinct_count": stat("distinct_count"),
    "sequence.compute.first_differences": stat("first_differences"),
    "sequence.compute.frequencies": stat("frequencies"),
    "sequence.compute.gcd": stat("gcd"),
    "sequence.compute.lcm": stat("lcm"),
    "sequence.compute.maximum": stat("maximum"),
    "sequence.compute.mean": stat("mean"),
    "sequence.compute.median": stat("median"),
    "sequence.compute.minimum": stat("minimum"),
    "sequence.compute.prefix_gcds": stat("prefix_gcds"),
    "sequence.compute.prefix_lcms": stat("prefix_lcms"),
    "sequence.compute.prefix_maxima": stat("prefix_maxima"),
    "sequence.compute.prefix_minima": stat("prefix_minima"),
    "sequence.compute.prefix_products": stat("prefix_products"),
    "sequence.compute.prefix_sums": stat("prefix_sums"),
    "sequence.compute.product": stat("product"),
    "sequence.compute.range": stat("range"),
    "sequence.compute.second_differences": stat("second_differences"),
    "sequence.compute.sum": stat("sum"),
    "sequence.compute.zero_indices": stat("zero_indices"),
    "sequence.decide.arithmetic": stat("is_arithmetic"),
    "sequence.decide.geometric": stat("is_geometric"),
    "sequence.decide.nondecreasing": stat("is_nondecreasing"),
    "sequence.decide.strictly_increasing": stat("is_strictly_increasing"),
    "sequence.order_shape.profile.compute": stat("order_shape"),
    "sequence.recurrence.closed_form.compute": (GUESS, "the generating function P/Q"),
    "sequence.recurrence.find": (REC_FIND, None),
    "sequence.recurrence.prime_field.find": (REC_FIND, "`modulus`"),
    "sequence.transform.parities": stat("parities"),
    "sequence.transform.reverse": stat("reverse"),
    "sequence.transform.signs": stat("signs"),
    "sequence.transform.sort": stat("sort"),
    "sequence.transform.sorted_unique": stat("sorted_unique"),
    # finite_set
    "finite_set.compute.difference": (SETS, "`difference`"),
    "finite_set.compute.intersection": (SETS, "`intersection`"),
    "finite_set.compute.intersection_cardinality": (SETS, "`intersection_cardinality`"),
    "finite_set.compute.left_cardinality": (SETS, "`left_cardinality`"),
    "finite_set.compute.symmetric_difference": (SETS, "`symmetric_difference`"),
    "finite_set.compute.union": (SETS, "`union`"),
    "finite_set.compute.union_cardinality": (SETS, "`union_cardinality`"),
    "finite_set.decide.disjoint": (SETS, "`disjoint`"),
    "finite_set.decide.exact_cover": (HYPER, "`exact_cover`"),
    "finite_set.decide.proper_subset": (SETS, "`proper_subset`"),
    "finite_set.decide.subset": (SETS, "`subset`"),
    # poset
    "poset.finite.materialize": (POSET, "`covers` (the canonical cover relations)"),
    "poset.finite.verify": (POSET, "`width`, " + VERIFY),
    "poset.linear_extensions.count": (POSET, "`linear_extensions`"),
    "poset.mobius_function.compute": (POSET, "`mobius`"),
    "poset.width.compute": (POSET, "`width`"),
    "poset.width.verify": (POSET, "`width`, " + VERIFY),
    "poset.antichain.enumerate": (POSET, "`antichains`"),
    "poset.antichain_profile.compute": (POSET, "`antichain_profile`"),
    "poset.closure.compute": (POSET, "`down_closure` / `up_closure`"),
    "poset.dual.compute": (POSET, "`dual`"),
    "poset.finite.compute": (POSET, "`covers`, `extremes`, `graded`, `comparable_pairs`"),
    "poset.induced_subposet.compute": (POSET, "`induced_subposet`"),
    "poset.lower_closure.compute": (POSET, "`down_closure`"),
    "poset.maximal_chains.enumerate": (POSET, "`maximal_chains`"),
    "poset.upper_closure.compute": (POSET, "`up_closure`"),
    "poset.zeta_transform.compute": (POSET, "`zeta_transform`"),
    # probability
    "probability.gaussian_polynomial.moment.compute": ("probability.gaussian.expectation", "`expectation`, `variance`"),
    "probability.bh_step_up.compute": ("probability.multiple_testing.compute", "`benjamini_hochberg`"),
    "probability.fdp.compute": ("probability.multiple_testing.compute", "`true_nulls`: `false_discovery_proportion`"),
    "probability.finite_sigma_algebra.from_observation.compute": (SPACE, "`generated`"),
    "probability.finite_sigma_algebra.join.compute": (SPACE, "`filtration` (its last σ-algebra is the join)"),
    "probability.filtration.natural.compute": (SPACE, "`filtration`"),
    "probability.conditional_expectation.finite.compute": (SPACE, "`variable`: `martingale` (E[X | F_j])"),
    "probability.process.doob_martingale.compute": (SPACE, "`variable`: `martingale`"),
    "probability.graph_reliability.all_terminal.compute": (REL, "`graph`, `bond`, all-terminal"),
    "probability.graph_reliability.connection_probability.compute": (REL, "`graph`, `bond`, `terminals`"),
    "probability.graph_site_reliability.connection_probability.compute": (REL, "`graph`, `site`, `terminals`"),
    "probability.digraph_bond_reliability.connection_probability.compute": (REL, "`digraph`, `bond`, `terminals`"),
    "probability.hypergraph_bond_reliability.connection_probability.compute": (REL, "`hypergraph`, `bond`"),
    "probability.markov_chain.communicating_classes.compute": (MARKOV, "`classes` with periods"),
    "probability.markov_chain.ergodic.decide": (MARKOV, "`ergodic`"),
    "probability.markov_chain.stationary_distribution.compute": (MARKOV, "`stationary`"),
    "probability.markov_chain.eventual_hitting_profile.compute": (MARKOV, "`target`: `hitting`"),
    "probability.markov_chain.mixing_time.compute": (MARKOV, "`mixing_epsilon`: `mixing_time`"),
    "probability.finite_distribution.condition.compute": (PROB, "`condition`"),
    "probability.finite_distribution.convolution.compute": (PROB, "`convolution`"),
    "probability.finite_distribution.event_probability.compute": (PROB, "`event_probability`"),
    "probability.finite_distribution.pushforward.compute": (PROB, "`pushforward`"),
    "probability.finite_distribution.raw_moment.compute": (PROB, "`moments`"),
    "probability.finite_distribution.convolution_peak.compute": (PROB, "`convolution_power` (`peak`)"),
    "probability.finite_distribution.convolution_power.compute": (PROB, "`convolution_power`"),
    "probability.poisson_binomial.distribution.compute": (PROB, "`independent_sum` of Bernoulli distributions"),
    # hypergraph
    "hypergraph.clique_expansion.compute": (HYPER, "`clique_expansion`"),
    "hypergraph.dual.compute": (HYPER, "`dual`"),
    "hypergraph.incidence_graph.compute": (HYPER, "`incidence_graph`"),
    "hypergraph.edge_intersection_graph.compute": (HYPER, "`intersection_graph`"),
    "hypergraph.edge_intersections.compute": (HYPER, "`edge_intersections`"),
    "hypergraph.independence_number.compute": (HYPER, "`independence_number`"),
    "hypergraph.maximum_edge_matching.compute": (HYPER, "`maximum_matching`"),
    "hypergraph.minimal_transversals.bounded_cardinality.enumerate": (HYPER, "`minimal_transversals` with `max_size`"),
    "hypergraph.minimum_transversal.compute": (HYPER, "`minimum_transversal`"),
    "hypergraph.parameters.compute": (HYPER, "`parameters`"),
    "hypergraph.vertex_degrees.compute": (HYPER, "`degrees`"),
    # matroid
    "matroid.intersection.common_basis.compute": (INTERSECT, "`common_basis`"),
    "matroid.intersection.maximum.compute": (INTERSECT, "`maximum`, with Edmonds' cover U"),
    "matroid.intersection.maximum_cardinality_weighted.compute": (INTERSECT, "`maximum_cardinality_weighted`"),
    "matroid.intersection.maximum_weight.compute": (INTERSECT, "`maximum_weight`, with the heaviest set of every size"),
    "matroid.intersection.weighted_certificate.check": (INTERSECT, "`check` of a weight splitting"),
    "matroid.intersection.weighted_rank_certificate.check": (INTERSECT, "`check` of a weight splitting with a rank cover"),
    "matroid.graphic.represent.compute": (INTERSECT, "`represent`: the oriented incidence matrix of a graph"),
    "hypergraph.arithmetic_progression.construct": (HCONS, "`arithmetic_progressions`"),
    "hypergraph.axis_aligned_square_grid.construct": (HCONS, "`square_corners`"),
    "combinatorics.finite_abelian.3term_progression_hypergraph.construct": (HCONS, "`group_progressions` with k = 3"),
    "set_system.sunflower_family.construct": (HCONS, "`sunflower`"),
    "matroid.basis.maximum_weight.compute": (MATROID, "`maximum_weight_basis`"),
    "matroid.closure.compute": (MATROID, "`closure`"),
    "matroid.independent_set.maximum_weight.compute": (MATROID, "`maximum_weight_basis` (non-negative weights)"),
    # latin_square
    "latin_square.check": (LATIN, "`check`"),
    "latin_square.orthogonality.check": (LATIN, "`orthogonal`"),
    "latin_square.transpose.compute": (LATIN, "`transpose`"),
    # tableau
    "tableau.rsk.biword.compute": (RSK, "`biword`"),
    "tableau.rsk.inverse_biword.compute": (RSK, "`inverse` (`biword`)"),
    "tableau.rsk.inverse_permutation.compute": (RSK, "`inverse` (`word` of a standard pair)"),
    "tableau.rsk.inverse_word.compute": (RSK, "`inverse` (`word`)"),
    "tableau.rsk.inverse_matrix.compute": (RSK, "`inverse` (`matrix`: the N-matrix of the biword)"),
    "tableau.rsk.inverse_word.trace.compute": (RSK, "`inverse` with `trace` (P after each reverse bump)"),
    "probability.finite_distribution.condition.verify": (PROB, "`condition` in " + VERIFY),
    "probability.finite_distribution.convolution.verify": (PROB, "`convolution` in " + VERIFY),
    "probability.finite_distribution.event_probability.verify": (PROB, "`event_probability` in " + VERIFY),
    "probability.finite_distribution.pushforward.verify": (PROB, "`pushforward` in " + VERIFY),
    "probability.finite_distribution.raw_moment.verify": (PROB, "`moments` in " + VERIFY),
    "tableau.rsk.matrix.compute": (RSK, "`matrix`"),
    "tableau.rsk.word.compute": (RSK, "`word`"),
    "tableau.rsk.word.trace.compute": (RSK, "`word` with `trace`"),
    "tableau.biword.normalize.compute": (RSK, "`biword` (sorted into a two-line array)"),
    # word
    "word.factor_complexity_prefix.compute": (WORD, "`factor_complexity`"),
    "word.factors.length.compute": (WORD, "`factors`"),
    "word.greene_invariants.compute": (WORD, "`greene_invariants`"),
    "word.knuth_moves.compute": (WORD, "`knuth_moves`"),
    "word.longest_decreasing_subsequence.compute": (WORD, "`longest_decreasing`"),
    "word.longest_increasing_subsequence.compute": (WORD, "`longest_increasing`"),
    "word.periods.compute": (WORD, "`periods`"),
    "word.plactic_equivalence.compute": (WORD, "`knuth_equivalent`"),
    "word.plactic_normal_form.compute": (WORD, "`plactic_normal_form`"),
    "word.rauzy_graph.compute": (WORD, "`rauzy_graph`"),
    # weighted, coloured and random set systems; weighted and algebraic posets; probability bounds
    "poset.incidence_convolution.compute": (POSET, "`incidence_convolution`"),
    "poset.maximum_weight_antichain.compute": (POSET, "`maximum_weight_antichain` (with a weighted chain cover)"),
    "poset.linear_extensions.verify": (POSET, "`linear_extensions` in " + VERIFY),
    "poset.mobius_function.verify": (POSET, "`mobius` in " + VERIFY),
    "probability.compound_poisson.cumulant_prefix.compute": (PROB, "`compound_poisson` (`cumulants`)"),
    "probability.finite_distribution.berry_esseen_iid_05600.compute": (PROB, "`berry_esseen` (C = 0.56)"),
    "probability.hypergraph_edge_count_moments.compute": (HYPER, "`random_subsets`: edges inside a random point set"),
    "probability.hypergraph_vertex_containment.compute": (HYPER, "`random_subsets`: points covered by random edges"),
    "probability.joint.mutual_information.compute": (SPACE, "`information`"),
    "probability.local_lemma.asymmetric_witness.check": ("probability.local_lemma.check", "a witness checked or found"),
    "hypergraph.edge_colored.monochromatic_complete_subhypergraph.construct": (HCONS, "`monochromatic_cliques`"),
    "hypergraph.independent_selection.rational_weight.maximum.compute": (HYPER, "`maximum_weight_independent_set`"),
    "hypergraph.induced_type_profile.compute": (HYPER, "`induced_types`"),
    "hypergraph.maximum_weight_packing.compute": (HYPER, "`maximum_weight_packing`"),
    "hypergraph.nonmonochromatic_vertex_coloring.q_decide": (HYPER, "`colourable` with `colours` = q"),
    "hypergraph.same_color_conflicts.construct": (HYPER, "`colouring_profile` (`conflicts`)"),
    "hypergraph.vertex_coloring.edge_pattern_profile.compute": (HYPER, "`colouring_profile` (`profile`)"),
    "set_system.binary_union_relation_hypergraph.compute": (HCONS, "`union_triples`"),
    "combinatorics.generalized_exact_cover.find": (XC, "`find` (VERIFY)"),
    "word.greene_witnesses.compute": (WORD, "`greene_witnesses`"),
    "hypergraph.divisibility_sum_triples.construct": (HCONS, "`sum_triples` with `divisibility` (a + b | c)"),
    "matroid.prime_field_flat.constrained_orbits.compute": (MATROID, "`flat_orbits` of a matrix over F_p"),
    "matroid.rational_flat.constrained_orbits.compute": (MATROID, "`flat_orbits` of a matrix over Q"),
    "sequence.dirichlet_character_twist.compute": (STATS, "`quadratic_twist` (quadratic characters, Kronecker symbols)"),
    "combinatorics.littlewood_richardson.tableaux.enumerate": (TAB, "`littlewood_richardson`"),
    "combinatorics.tableau.skew_littlewood_richardson.check": (TAB, "`littlewood_richardson_check`"),
    "combinatorics.recurrence.p_recursive.evaluate": ("sequence.holonomic.compute", "`evaluate`"),
    "combinatorics.recurrence.p_recursive.table_residuals.compute": ("sequence.holonomic.compute", "`residuals`"),
    "probability.gaussian_polynomial.moment.verify": ("probability.gaussian.expectation", VERIFY),
    "probability.graph_reliability.connection_probability.verify": (REL, "`graph`, `bond`, `terminals` in " + VERIFY),
    "combinatorics.generalized_exact_cover.minimum.compute": (XC, "`minimum`"),
    "combinatorics.generalized_exact_cover.shard.split": (XC, "`shard`"),
    "combinatorics.generalized_exact_cover.shard_results.combine": (XC, "`combine`"),
}
