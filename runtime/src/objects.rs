//! Canonical mathematical objects: the shared values that producers and checkers both read.
//!
//! Each object kind has a schema URI, a JSON Schema, and a canonicalization that validates
//! cross-field rules and returns the one canonical form, so equal objects get equal
//! artifact digests. Domain kinds live in the submodules; the registry maps schema URIs to them.

pub mod cnf;
pub mod combinatorial;
pub mod complex;
pub mod domain;
pub mod graph;
pub mod integer;
pub mod law;
pub mod magma;
pub mod matrix;
pub mod order;
pub mod permutation;
pub mod polynomial;
pub mod propositional;
pub mod term;

use std::collections::BTreeMap;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::contract::Diagnostic;
use crate::schema::{CompiledSchema, parse_typed, schema_for};

/// A kind of canonical object.
pub trait ObjectKind: Send + Sync + 'static {
    /// Schema URI, e.g. `urn:jacobian:schema:simple-graph:v1`.
    fn schema_uri(&self) -> &'static str;
    /// Short name, e.g. `simple_graph`.
    fn name(&self) -> &'static str;
    /// One line saying what the object is.
    fn summary(&self) -> &'static str;
    /// JSON Schema (2020-12) of the object.
    fn json_schema(&self) -> Value;
    /// Validates completely (schema, then cross-field rules) and returns the canonical form.
    /// Diagnostics' paths are relative to the object.
    fn canonicalize(&self, value: &Value) -> Result<Value, Vec<Diagnostic>>;
}

/// A Rust type that is a canonical object.
pub trait ObjectType: Serialize + DeserializeOwned + JsonSchema + Sized + Send + Sync + 'static {
    /// Schema URI.
    const SCHEMA_URI: &'static str;
    /// Short name.
    const NAME: &'static str;
    /// One line.
    const SUMMARY: &'static str;
    /// Cross-field validation and normalization into the canonical form.
    fn canonical(self) -> Result<Self, Vec<Diagnostic>>;
}

/// Adapts an [`ObjectType`] to [`ObjectKind`], compiling its schema once.
pub struct TypedObject<T: ObjectType> {
    schema: Value,
    compiled: Option<CompiledSchema>,
    _t: std::marker::PhantomData<fn() -> T>,
}

impl<T: ObjectType> Default for TypedObject<T> {
    fn default() -> Self {
        let schema = schema_for::<T>();
        let compiled = CompiledSchema::compile(&schema).ok();
        TypedObject { schema, compiled, _t: std::marker::PhantomData }
    }
}

impl<T: ObjectType> TypedObject<T> {
    /// Parses, validates and canonicalizes into the typed form.
    pub fn parse(&self, value: &Value) -> Result<T, Vec<Diagnostic>> {
        let compiled = self.compiled.as_ref().ok_or_else(|| {
            vec![Diagnostic::error("SCHEMA_UNAVAILABLE", format!("the {} schema does not compile", T::NAME))]
        })?;
        let bad = compiled.validate(value, "");
        if !bad.is_empty() {
            return Err(bad);
        }
        parse_typed::<T>(value, "").map_err(|d| vec![d])?.canonical()
    }
}

impl<T: ObjectType> ObjectKind for TypedObject<T> {
    fn schema_uri(&self) -> &'static str {
        T::SCHEMA_URI
    }
    fn name(&self) -> &'static str {
        T::NAME
    }
    fn summary(&self) -> &'static str {
        T::SUMMARY
    }
    fn json_schema(&self) -> Value {
        self.schema.clone()
    }
    fn canonicalize(&self, value: &Value) -> Result<Value, Vec<Diagnostic>> {
        let typed = self.parse(value)?;
        serde_json::to_value(&typed).map_err(|e| vec![Diagnostic::error("SERIALIZATION", e.to_string())])
    }
}

/// The object kinds a runtime knows, by schema URI and by name.
#[derive(Clone, Default)]
pub struct ObjectRegistry {
    kinds: BTreeMap<&'static str, Arc<dyn ObjectKind>>,
}

impl ObjectRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers a kind (replacing one with the same schema URI).
    pub fn register(&mut self, kind: Arc<dyn ObjectKind>) {
        self.kinds.insert(kind.schema_uri(), kind);
    }

    /// Registers a typed object.
    pub fn with<T: ObjectType>(mut self) -> Self {
        self.register(Arc::new(TypedObject::<T>::default()));
        self
    }

    /// Looks up a kind by schema URI or short name.
    pub fn get(&self, uri_or_name: &str) -> Option<&Arc<dyn ObjectKind>> {
        self.kinds.get(uri_or_name).or_else(|| self.kinds.values().find(|k| k.name() == uri_or_name))
    }

    /// The object kinds bundled with the runtime.
    pub fn bundled() -> Self {
        Self::new()
            .with::<cnf::Cnf>()
            .with::<complex::SimplicialComplex>()
            .with::<domain::FiniteDomain>()
            .with::<graph::SimpleGraph>()
            .with::<magma::FiniteMagma>()
            .with::<matrix::Matrix>()
            .with::<matrix::Vector>()
            .with::<matrix::Lattice>()
            .with::<matrix::AbelianGroup>()
            .with::<permutation::PermutationGroup>()
            .with::<permutation::FpGroup>()
            .with::<polynomial::Polynomial>()
            .with::<polynomial::PolynomialList>()
            .with::<polynomial::RationalFunction>()
            .with::<propositional::PropositionalStructure>()
            .with::<term::EquationalIdentity>()
            .with::<combinatorial::IntegerSequence>()
            .with::<combinatorial::FiniteSet>()
            .with::<combinatorial::SetSystem>()
            .with::<combinatorial::LatinSquare>()
            .with::<combinatorial::Matroid>()
            .with::<combinatorial::FiniteDistribution>()
            .with::<order::FinitePoset>()
            .with::<order::FiniteLattice>()
    }

    /// Every kind, in schema-URI order.
    pub fn kinds(&self) -> impl Iterator<Item = &Arc<dyn ObjectKind>> {
        self.kinds.values()
    }
}
