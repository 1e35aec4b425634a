"""Groups pack (issue 18, groups half): which Jacobian capability reaches each outcome of the
comparable system's group, finite-group, group-action, semigroup and finite-matrix-group domains,
and through which documented parameter or output field.

An outcome is mapped only when the capability really computes it (a selectable property or
operation, or a field of its output); what is merely derivable by the caller is left unmapped.
"""

TITLE = "groups"
ORDER = 40

# The lists and, in each, the domains of the pack, in this order.
SOURCES = [
    ("comparable-latest-outcomes.txt", ["group", "finite_group", "group_action", "semigroup", "finite_matrix_group"]),
]

ARITH = "group.permutation.arithmetic"
SUBGROUPS = "group.permutation.subgroups"
ORBIT = "group.action.orbit"
BURNSIDE = "group.action.burnside"
SEMIGROUP = "semigroup.transformation.properties"
TABLE = "semigroup.compute.operation"
LINEAR = "group.matrix.linear"

# Outcome id -> (our capability id, parameter or output note, or None).
MAPPING = {
    # group
    "group.conjugacy_classes.compute": (SUBGROUPS, "`conjugacy_classes`: representatives, sizes, element orders"),
    "group.element_order.compute": (ARITH, "`describe`: `order`"),
    "group.orbit.compute": (ORBIT, "points, sets or tuples"),
    "group.order.compute": ("group.permutation.order", None),
    "group.stabilizer.compute": (ORBIT, "`stabilizer`: order and generators"),
    "group.subgroup_lattice.compute": (SUBGROUPS, "`subgroup_classes`: class representatives, orders, class lengths"),
    # finite_group
    "finite_group.character_table.compute": ("group.compute.character_table", None),
    # group_action
    "group_action.burnside_count.compute": (BURNSIDE, "`colouring_orbits`, `subset_orbits`, `point_orbits`"),
    "group_action.cycle_index.compute": (BURNSIDE, "`cycle_index`"),
    "group_action.element_cycles.compute": (ARITH, "`describe`: `cycles`, `cycle_type`"),
    "group_action.polya_inventory.compute": (BURNSIDE, "`subset_orbits`: the two-colour pattern inventory by weight"),
    # semigroup
    "semigroup.green_relations.compute": (SEMIGROUP, "`green_classes`: numbers of R-, L-, H- and D-classes"),
    "semigroup.idempotents.compute": (SEMIGROUP, "`idempotents` (their number)"),
    "semigroup.adjoin_identity.compute": (TABLE, "`adjoin_identity`"),
    "semigroup.adjoin_zero.compute": (TABLE, "`adjoin_zero`"),
    "semigroup.element.power.compute": (TABLE, "`power`"),
    "semigroup.element.power_profile.compute": (TABLE, "`power_profile`: index, period, powers"),
    "semigroup.generated_subsemigroup.compute": (TABLE, "`generated`"),
    "semigroup.ideals.subsemigroups.enumerate": (TABLE, "`ideals`, `subsemigroups`"),
    "semigroup.karoubi_projection.compute": (TABLE, "`karoubi`: hom-sets eSf between idempotents"),
    "semigroup.local_structure.compute": (TABLE, "`local`: eSe and its units"),
    "semigroup.nilpotent_elements.compute": (TABLE, "`elements`: `nilpotent`"),
    "semigroup.opposite.compute": (TABLE, "`opposite`"),
    "semigroup.principal_ideals.compute": (TABLE, "`principal_ideals`"),
    "semigroup.product.compute": (TABLE, "`product`"),
    "semigroup.rees_quotient.compute": (TABLE, "`rees_quotient`"),
    "semigroup.regular_elements.compute": (TABLE, "`elements`: `regular`"),
    # finite_matrix_group: GL and SL over F_p or an extension F_{p^k}
    "finite_matrix_group.general_linear.construct": (LINEAR, "`GL` over F_p"),
    "finite_matrix_group.special_linear.construct": (LINEAR, "`SL` over F_p"),
    "finite_matrix_group.extension.general_linear.construct": (LINEAR, "`GL` over F_{p^k}"),
    "finite_matrix_group.extension.special_linear.construct": (LINEAR, "`SL` over F_{p^k}"),
    "finite_matrix_group.general_linear.nonzero_vector_action.compute": (LINEAR, "`GL`, `nonzero_vectors`"),
    "finite_matrix_group.special_linear.nonzero_vector_action.compute": (LINEAR, "`SL`, `nonzero_vectors`"),
    "finite_matrix_group.extension.general_linear.projective_action.compute": (
        LINEAR,
        "`GL` over F_{p^k}, `projective_points` (PGL)",
    ),
    "finite_matrix_group.extension.special_linear.projective_action.compute": (
        LINEAR,
        "`SL` over F_{p^k}, `projective_points` (PSL)",
    ),
}
