"""Exact linear algebra, integer matrices, lattices and complexes pack (issue 17): which Jacobian
capability reaches each outcome of the comparable system's matrix, linear, lattice, topology, chain
complex, homological and abelian-group domains, and through which documented parameter or output
field.

An outcome is mapped only when the capability really computes it (a selectable property, function
or operation, or a field of its output); what is merely derivable by the caller is left unmapped.
The comparable system's separate `.verify` outcomes are reached by the same capability in VERIFY
mode, where the matrix checker replays the certificate.
"""

TITLE = "linear-algebra"
ORDER = 20

SOURCES = [
    ("comparable-0.9-outcomes.txt", ["matrix", "linear", "lattice", "topology"]),
    (
        "comparable-latest-outcomes.txt",
        ["matrix", "linear", "lattice", "chain_complex", "homological", "abelian_group", "finite_abelian_group", "topology"],
    ),
]

ARITH = "matrix.compute.arithmetic"
INV = "matrix.compute.invariants"
INVERSE = "matrix.compute.inverse"
ADJ = "matrix.compute.adjugate"
KER = "matrix.compute.kernel"
ECH = "matrix.transform.echelon"
SOLVE = "matrix.solve.linear_system"
HNF = "matrix.transform.hermite"
SNF = "matrix.transform.smith"
RCF = "matrix.compute.rational_canonical_form"
SIM = "matrix.decide.similar"
EIG = "matrix.compute.eigenvalues"
INERTIA = "matrix.compute.inertia"
SDP = "matrix.semidefinite.compute"
NONNEG = "matrix.nonnegative.compute"
CIRC = "matrix.circulant.compute"
SCX = "topology.simplicial_complex.compute"
FMAP = "homological.filtered_chain_map.compute"
FAB = "finite_abelian_group.compute"
CELLS = "matrix.compute.inertia_cells"
FORMS = "lattice.compute.invariant_forms"
FUNC = "matrix.compute.function"
CENT = "matrix.compute.centralizer"
NORMS = "matrix.compute.norms"
HAD = "matrix.construct.hadamard"
JORDAN = "matrix.compute.jordan_form"
GROUP = "abelian_group.compute.invariants"
ELEM = "abelian_group.compute.element"
SUB = "abelian_group.compute.subgroup"
CHARS = "abelian_group.compute.characters"
LLL = "lattice.reduce.lll"
LAT = "lattice.compute.invariants"
SUBLAT = "lattice.decide.sublattice"
HOMOLOGY = "topology.simplicial_complex.homology"
CHAIN = "topology.simplicial_complex.chain_complex"
CHAIN_H = "chain_complex.compute.homology"
TOP_OP = "topology.simplicial_complex.operation"
CHAIN_OP = "chain_complex.compute.operation"
SPECTRAL = "chain_complex.compute.spectral_sequence"
CUBICAL = "topology.cubical_complex.homology"
CUBOP = "topology.cubical_complex.operation"
PI1 = "topology.simplicial_complex.fundamental_group"
PROPS = "topology.simplicial_complex.properties"
MORSE = "topology.simplicial_complex.discrete_morse"
FINITE = "topology.finite_space.compute"
SSET = "topology.simplicial_set.compute"
KOSZUL = "homological.koszul.compute"

VERIFY = "in VERIFY mode"

MAPPING = {
    # matrix (0.9 and latest)
    "matrix.partial_trace.compute": (ARITH, "`partial_trace`"),
    "matrix.subsystem.kronecker_product.compute": (ARITH, "`kronecker`"),
    "matrix.subsystem.partial_trace.compute": (ARITH, "`partial_trace` with `dimensions`, `traced`"),
    "matrix.symbolic.characteristic_polynomial.compute": ("matrix.symbolic.compute", "`characteristic_polynomial`"),
    "matrix.symbolic.determinant.compute": ("matrix.symbolic.compute", "`determinant`"),
    "matrix.symbolic.eigenvalues.compute": ("matrix.symbolic.compute", "`eigenvalues`: the factors of det(tI − A) over Q(variables)[t], linear ones as rational functions"),
    "matrix.symbolic.linear_system.solve": ("matrix.symbolic.compute", "`solve` (Cramer)"),
    "matrix.symbolic.multiply.compute": ("matrix.symbolic.compute", "`multiply`"),
    "matrix.symbolic.rank.compute": ("matrix.symbolic.compute", "`rank`"),
    "matrix.adjugate.compute": (ADJ, None),
    "matrix.characteristic_polynomial.compute": (INV, "`characteristic_polynomial`"),
    "matrix.characteristic_polynomial.verify": (INV, "`characteristic_polynomial`, " + VERIFY),
    "matrix.determinant.compute": (INV, "`determinant`"),
    "matrix.determinant.verify": (INV, "`determinant`, " + VERIFY),
    "matrix.inverse.compute": (INVERSE, None),
    "matrix.multiply.compute": (ARITH, "`product`"),
    "matrix.multiply.verify": (ARITH, "`product`, " + VERIFY),
    "matrix.normal_form.hermite": (HNF, None),
    "matrix.normal_form.hermite.verify": (HNF, VERIFY),
    "matrix.normal_form.rref.compute": (ECH, "`reduced`"),
    "matrix.normal_form.rref.verify": (ECH, "`reduced`, " + VERIFY),
    "matrix.normal_form.smith.certified.compute": (SNF, "with the unimodular transforms"),
    "matrix.normal_form.smith.certified.verify": (SNF, VERIFY),
    "matrix.normal_form.smith.compute": (SNF, None),
    "matrix.normal_form.smith.verify": (SNF, VERIFY),
    "matrix.nullspace.compute": (KER, None),
    "matrix.nullspace.verify": (KER, VERIFY),
    "matrix.rank.compute": (INV, "`rank`"),
    "matrix.rank.verify": (INV, "`rank`, " + VERIFY),
    "matrix.rational_linear_system.solve": (SOLVE, "over Q"),
    "matrix.trace.compute": (INV, "`trace`"),
    "matrix.centralizer.compute": (CENT, None),
    "matrix.hadamard.determinant_profile.compute": (HAD, "`absolute_determinant`"),
    "matrix.hadamard.gram_profile.compute": (HAD, "`gram`"),
    "matrix.hadamard.normalize.compute": (HAD, "`normalize`"),
    "matrix.hadamard.sylvester.compute": (HAD, "`sylvester`"),
    "matrix.inertia.compute": (INERTIA, None),
    "matrix.chordal_psd.decompose": (SDP, "`chordal_decomposition`: PSD blocks on the maximal cliques (VERIFY)"),
    "matrix.chordal_psd_completion.compute": (SDP, "`chordal_completion` (the maximum determinant completion for definite blocks; VERIFY)"),
    "matrix.semidefinite.exposed_face.reduce": (SDP, "`facial_reduction`: exposing matrices, the face and its reduced constraints (VERIFY)"),
    "matrix.subsystem.psd_order.decide": (SDP, "`order`: A ⪰ B by a congruence of A − B (VERIFY)"),
    "matrix.farkas_certificate.check": (NONNEG, "`farkas` with `certificate`, or decided by the exact simplex method (VERIFY)"),
    "matrix.collatz_wielandt.quotient_profile.compute": (NONNEG, "`collatz_wielandt`: quotient bounds along A^k x (VERIFY)"),
    "matrix.cyclic.cyclotomic_element.map": (CIRC, "`element`: reduction into Q(ζ_d) with its norm"),
    "matrix.cyclic.cyclotomic_inclusion.compute": (CIRC, "`inclusion`: the matrix of Q(ζ_m) → Q(ζ_n)"),
    "matrix.cyclic.rational_rank_kernel_profile.compute": (CIRC, "`circulant`: rank, nullity and kernel from c(ζ_d) (VERIFY)"),
    "matrix.symmetric.rational_spectrum_claim.check": (
        SIM,
        "A against diag(λ₁, …, λₙ): a symmetric matrix is diagonalizable, so the claim holds exactly when they are similar; VERIFY",
    ),
    "matrix.real_quadratic.singular_spectrum.compute": (EIG, "`spectrum: singular_values`"),
    "matrix.real_quadratic.symmetric_spectrum.compute": (EIG, "a symmetric matrix: every eigenvalue real, isolated exactly"),
    "matrix.invariant_factors.compute": (JORDAN, "`invariant_factors`"),
    "matrix.kronecker_product.compute": (ARITH, "`kronecker`"),
    "matrix.minimal_polynomial.compute": (INV, "`minimal_polynomial`"),
    "matrix.normal_form.smith.polynomial.compute": (JORDAN, "`invariant_factors` of tI − A over Q[t] or F_p[t]"),
    "matrix.permanent.compute": (INV, "`permanent`"),
    "matrix.polynomial.inertia_cells.compute": (CELLS, None),
    "matrix.polynomial.evaluate.compute": (FUNC, "`polynomial`"),
    "matrix.polynomial.remainder.compute": (FUNC, "`remainder`"),
    "matrix.primary_decomposition.compute": (JORDAN, "`elementary_divisors`"),
    "matrix.rational_canonical_form.compute": (RCF, None),
    "matrix.real_quadratic.inertia.compute": (INERTIA, None),
    "matrix.sign.profile.compute": (NORMS, "`sign_profile`"),
    "matrix.similarity.decide": (SIM, None),
    # linear (0.9)
    "linear.rational_inconsistency.find": (SOLVE, "the inconsistency certificate"),
    "linear.rational_inconsistency.verify": (SOLVE, "the inconsistency certificate, " + VERIFY),
    "linear.rational_solution.find": (SOLVE, "over Q"),
    "linear.rational_solution.verify": (SOLVE, "over Q, " + VERIFY),
    "linear.rational_inconsistency.compute": (SOLVE, "the inconsistency certificate"),
    "linear.rational_solution.compute": (SOLVE, "over Q"),
    # lattice
    "lattice.direct_sum.compute": (LAT, "`orthogonal_summands`"),
    "lattice.orthogonal_sum.compute": (LAT, "`orthogonal_summands`"),
    "lattice.basis.reduce": (LLL, None),
    "lattice.canonical_basis.compute": (LAT, "`hermite_basis`"),
    "lattice.discriminant_group.compute": (LAT, "`discriminant_group`"),
    "lattice.dual.compute": (LAT, "`dual_basis`"),
    "lattice.hermite_normal_form.compute": (LAT, "`hermite_basis`"),
    "lattice.invariant_bilinear_form_lattice.compute": (FORMS, None),
    "lattice.orthogonal_complement.compute": (LAT, "`orthogonal_complement`"),
    "lattice.rank_gram.compute": (LAT, "`rank`, `gram`"),
    "lattice.saturation.compute": (LAT, "`saturation_basis`"),
    "lattice.sublattice_index.compute": (SUBLAT, "`index`"),
    # topology
    "topology.normal_crossings.dual_complex.compute": (SCX, "space `dual_complex`"),
    "topology.normal_crossings.nearby_cycle_lattices.compute": (
        "topology.nodal_degeneration.compute",
        "semistable degenerations of curves: `cycle_basis`, `monodromy_pairing`, `component_group`",
    ),
    "topology.poset.order_complex.compute": (SCX, "space `order_complex`"),
    "topology.simplicial.boundary.compute": (SCX, "`boundary` of an oriented chain"),
    "topology.simplicial.cohomology_ring.compute": (SCX, "`cohomology_ring` over Q or F_p"),
    "topology.simplicial.cup_product.compute": (SCX, "`cup_product`, with the class of the product"),
    "topology.simplicial_complex.homology_manifold.decide": (SCX, "`homology_manifold` (VERIFY: each link's homology)"),
    "topology.simplicial_complex.local_homology.compute": (SCX, "`local_homology` (VERIFY)"),
    "topology.simplicial_complex.materialize": (SCX, "`materialize` of a named or built space"),
    "topology.simplicial_complex.verify": (SCX, "`verify`: repeated and non-maximal facets, purity, components"),
    "topology.simplicial_map.compute": (SCX, "`simplicial_map`: simpliciality, image, induced homology"),
    "topology.simplicial_map.induced_cohomology.compute": (SCX, "`simplicial_map` (`induced_cohomology`)"),
    "topology.simplicial_complex.chain_complex.compute": (CHAIN, None),
    "topology.simplicial_complex.chain_complex.verify": (CHAIN_H, "the boundary maps, " + VERIFY),
    "topology.simplicial_homology.compute": (HOMOLOGY, None),
    "topology.simplicial_homology.integral.compute": (HOMOLOGY, "over Z"),
    "topology.simplicial_homology.integral.verify": (HOMOLOGY, VERIFY),
    "topology.simplicial_homology.verify": (HOMOLOGY, VERIFY),
    "topology.connected_components.compute": (TOP_OP, "`components`"),
    "topology.cubical_complex.chain_complex.compute": (CUBICAL, "`homology` of its chain complex"),
    "topology.cubical_chain.external_product.compute": (CUBOP, "`external_product`"),
    "topology.simplicial.edge_path.concatenate.compute": (PI1, "`concatenate`"),
    "topology.simplicial.edge_path.word.compute": (PI1, "`edge_path_word`"),
    "topology.simplicial.fundamental_group.basepoint_change.compute": (PI1, "`basepoint_change`"),
    "topology.simplicial.fundamental_group.induced_map.compute": (PI1, "`induced_map`"),
    "topology.simplicial.fundamental_group.map.compose.compute": (PI1, "`compose`"),
    "topology.simplicial.fundamental_group.presentation.compute": (PI1, "`presentation`, with the abelianization"),
    "topology.group_presentation.abelianization.compute": ("group.fp.compute", "`abelian_invariants`: G/[G,G]"),
    "topology.group_presentation.free_reduce.compute": ("group.fp.compute", "`free_reduce` of `words`"),
    "topology.group_presentation.direct_relator_match.compute": (
        "group.fp.compute",
        "`relator_match`: a relator up to cyclic permutation and inversion",
    ),
    "topology.cubical_complex.boundary_subcomplex.compute": (CUBOP, "`boundary`"),
    "topology.cubical_complex.closed_star.compute": (CUBOP, "`closed_star`"),
    "topology.cubical_complex.face_poset.compute": (CUBOP, "`face_poset`"),
    "topology.cubical_complex.one_skeleton.compute": (CUBOP, "`skeleton` with dimension 1"),
    "topology.cubical_complex.skeleton.compute": (CUBOP, "`skeleton`"),
    "topology.cubical_complex.standard_triangulation.compute": (CUBOP, "`triangulation`"),
    "topology.filtered_cubical_complex.from_top_cells.compute": (CUBOP, "`filtration` with `values` on top cells"),
    "topology.filtered_cubical_complex.lower_star_from_vertices.compute": (CUBOP, "`filtration` with `vertex_values`"),
    "topology.cubical_complex.from_binary_bitmap_2d.compute": (CUBICAL, "`bitmap`"),
    "topology.cubical_complex.from_binary_voxels_3d.compute": (CUBICAL, "`voxels`"),
    "topology.discrete_morse.greedy_matching.compute": (MORSE, "`pairs`"),
    "topology.discrete_morse.matching.construct": (MORSE, "`pairs`"),
    "topology.discrete_morse.chain_contraction.compute": (MORSE, "`contraction`: projection, inclusion, homotopy"),
    "topology.discrete_morse.complex.compute": (MORSE, "`morse_complex`: ∂ᴹ between critical cells"),
    "topology.discrete_morse.integer_complex.compute": (MORSE, "`morse_complex` over Z, with its homology"),
    "topology.discrete_morse.gradient_paths.compute": (MORSE, "`gradient_paths` with their signs"),
    "topology.discrete_morse.matching.minimum.compute": (MORSE, "`strategy: minimum`, with `proven_minimum`"),
    "topology.simplicial.cohomology.compute": (HOMOLOGY, "`cohomology`"),
    "topology.simplicial_complex.barycentric_subdivision.compute": (TOP_OP, "`barycentric`"),
    "topology.simplicial_complex.cone.compute": (TOP_OP, "`cone`"),
    "topology.simplicial_complex.deletion.compute": (TOP_OP, "`deletion`"),
    "topology.simplicial_complex.f_vector.compute": (PROPS, "`f_vector`"),
    "topology.simplicial_complex.induced_subcomplex.compute": (TOP_OP, "`induced`"),
    "topology.simplicial_complex.join.compute": (TOP_OP, "`join`"),
    "topology.simplicial_complex.link.compute": (TOP_OP, "`link`"),
    "topology.simplicial_complex.minimal_nonfaces.compute": (PROPS, "`minimal_nonfaces`"),
    "topology.simplicial_complex.orientability.compute": (PROPS, "`orientable`"),
    "topology.simplicial_complex.pseudomanifold.decide": (PROPS, "`pseudomanifold`"),
    "topology.simplicial_complex.skeleton.compute": (TOP_OP, "`skeleton`"),
    "topology.simplicial_complex.stanley_reisner_ideal.compute": (PROPS, "`minimal_nonfaces` (its generators)"),
    "topology.simplicial_complex.star.compute": (TOP_OP, "`star`"),
    "topology.simplicial_complex.clique.compute": (TOP_OP, "`flag_completion`"),
    "topology.simplicial_complex.clique_from_graph.compute": (TOP_OP, "`flag_completion` (the graph's edges as facets)"),
    "topology.simplicial_complex.face_poset.compute": (TOP_OP, "`face_poset`"),
    "topology.simplicial_complex.greedy_collapse.compute": (TOP_OP, "`greedy_collapse`"),
    "topology.simplicial_complex.collapse_sequence.compute": (TOP_OP, "`greedy_collapse` (`collapses`)"),
    "topology.simplicial_complex.elementary_collapse.check": (TOP_OP, "`collapse` (refused unless the face is free)"),
    "topology.simplicial_complex.canonicalize": (TOP_OP, "`relabel`"),
    "topology.simplicial_complex.shelling.check": (TOP_OP, "`shelling`"),
    "topology.simplicial_set.boundary.compute": (SSET, "`boundary`: ∂Δ^n"),
    "topology.simplicial_set.coproduct.compute": (SSET, "`coproduct`"),
    "topology.simplicial_set.degeneracy_profile.compute": (SSET, "`degeneracy_profile`"),
    "topology.simplicial_set.degenerate_submodule.compute": (SSET, "`degenerate_submodule`"),
    "topology.simplicial_set.from_simplicial_complex.compute": (SSET, "`complex`"),
    "topology.simplicial_set.from_tables.compute": (SSET, "`simplices` (face tables, identities checked)"),
    "topology.simplicial_set.homology.compute": (SSET, "`homology` (integral; VERIFY)"),
    "topology.simplicial_set.horn.compute": (SSET, "`horn`"),
    "topology.simplicial_set.map.compose.compute": (SSET, "`map` with `then`"),
    "topology.simplicial_set.map.identity.compute": (SSET, "`map` without a map: the identity"),
    "topology.simplicial_set.map.image.compute": (SSET, "`image`"),
    "topology.simplicial_set.map.induced_chain_map.compute": (SSET, "`induced_chain_map`"),
    "topology.simplicial_set.map.induced_homology.compute": (SSET, "`induced_homology` (over Q)"),
    "topology.simplicial_set.map.preimage.compute": (SSET, "`preimage`"),
    "topology.simplicial_set.normalized_chains.compute": (SSET, "`normalized_chains`"),
    "topology.simplicial_set.product.compute": (SSET, "`product`"),
    "topology.simplicial_set.quotient_by_congruence.compute": (SSET, "`quotient` with `identify`"),
    "topology.simplicial_set.skeleton.compute": (SSET, "`skeleton`"),
    "topology.simplicial_set.standard_simplex.compute": (SSET, "`standard_simplex`"),
    "topology.simplicial_set.subset.from_degree_families.compute": (SSET, "`subset` (closed under faces)"),
    "topology.simplicial_set.truncate.compute": (SSET, "`truncate`: every simplex up to a degree"),
    "topology.simplicial_set.unnormalized_chain_complex.compute": (SSET, "`unnormalized_chains` (the Moore complex)"),
    "homological.filtered_chain_complex.homology_filtration.compute": (FMAP, "`homology_filtration`: F_pH_n and its graded pieces"),
    "homological.filtered_chain_map.compose.compute": (FMAP, "`compose`, functoriality checked on every page"),
    "homological.filtered_chain_map.compute": (FMAP, "`check`"),
    "homological.filtered_chain_map.page.compute": (FMAP, "`page`: E_r(f) with ranks"),
    "homological.filtered_chain_map.page_zero.compute": (FMAP, "`page_zero`: E_0(f) on the associated graded"),
    "homological.koszul.append_zero.compute": (KOSZUL, "`append_zero`: K(x, 0) and the splitting H_p(x) ⊕ H_(p−1)(x)"),
    "homological.koszul.complex.compute": (KOSZUL, "`complex`"),
    "homological.koszul.dga.compute": (KOSZUL, "`dga`: the exterior product, Leibniz rule checked"),
    "homological.koszul.differential.compute": (KOSZUL, "`differentials`"),
    "homological.koszul.exactness_profile.compute": (KOSZUL, "`exactness`, with the grade"),
    "homological.koszul.homology.compute": (KOSZUL, "`homology` (VERIFY over Z)"),
    "homological.koszul.homology_map.compute": (KOSZUL, "`module_map` (`homology_map`: φ on H_p(x; R)^r)"),
    "homological.koszul.module_direct_sum.compute": (KOSZUL, "`direct_sum`"),
    "homological.koszul.module_map.compute": (KOSZUL, "`module_map` (the chain map 1 ⊗ φ, checked)"),
    "homological.koszul.module_quotient.compute": (KOSZUL, "`quotient`"),
    "homological.koszul.sequence_linear_change.compute": (KOSZUL, "`linear_change` (Λ^p(A), checked a chain map)"),
    "homological.koszul.sequence_permute.compute": (KOSZUL, "`permute`"),
    "homological.koszul.top_homology.compute": (KOSZUL, "`top_homology`"),
    "homological.koszul.unit_contraction.compute": (KOSZUL, "`contraction` by a unit x_i (dh + hd = 1 checked)"),
    "topology.finite.closure.compute": (FINITE, "`closure`"),
    "topology.finite.interior.compute": (FINITE, "`interior`"),
    "topology.finite.boundary.compute": (FINITE, "`boundary`"),
    "topology.finite.continuity_check.compute": (FINITE, "`continuous`"),
    "topology.is_continuous.compute": (FINITE, "`continuous`"),
    "topology.finite.kolmogorov_quotient.compute": (FINITE, "`kolmogorov_quotient`"),
    "topology.specialization_preorder.compute": (FINITE, "`specialization_preorder`"),
    "topology.beat_points.compute": (FINITE, "`beat_points`"),
    # chain_complex
    "chain_complex.construct.compute": (CHAIN_H, "a complex by its maps"),
    "chain_complex.homology.compute": (CHAIN_H, None),
    "chain_complex.mapping_cone.compute": (CHAIN_OP, "`mapping_cone`"),
    "chain_complex.tensor_product.compute": (CHAIN_OP, "`tensor_product`"),
    "chain_complex.verify_chain_map.compute": (CHAIN_OP, "`is_chain_map`"),
    "chain_complex.verify_differential.compute": (CHAIN_H, "∂∂ = 0 checked first"),
    # homological
    "homological.filtered_chain_complex.direct_sum.compute": (CHAIN_OP, "`direct_sum`"),
    "homological.spectral_sequence.abutment.compute": (SPECTRAL, "`homology`"),
    "homological.spectral_sequence.page.compute": (SPECTRAL, "`pages`"),
    "homological.spectral_sequence.pages.compute": (SPECTRAL, "`pages`"),
    "homological.filtered_chain_complex.associated_graded.compute": (SPECTRAL, "page E_0"),
    # abelian_group
    "abelian_group.element.equal.decide": (ELEM, "`equal`"),
    "abelian_group.element.order.compute": (ELEM, "`order`"),
    "abelian_group.element.reduce": (ELEM, "`reduce`"),
    "abelian_group.presentation.normalize": (GROUP, None),
    "abelian_group.quotient.compute": (SUB, "`quotient`"),
    "abelian_group.subgroup.generated.compute": (SUB, "`subgroup`"),
    # finite_abelian_group
    "finite_abelian_group.character_sum_interval_profile.compute": (FAB, "`character_sums` along a progression"),
    "finite_abelian_group.exact_factorization.compute": (FAB, "`factorization`: A ⊕ B = G found, refuted or checked"),
    "finite_abelian_group.spectral_pair.decide": (FAB, "`spectral`: a spectral pair checked, or a spectrum searched"),
    "finite_abelian_group.character_table.compute": (CHARS, None),
}
