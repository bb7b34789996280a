"""Tables: YAML files of rows and Tracery grammars, validated and rolled."""

from solo.tables.grammar import TableError
from solo.tables.model import Problem, Row, Table
from solo.tables.registry import TableSet, load_tables
from solo.tables.roller import TableRoll

__all__ = ["Problem", "Row", "Table", "TableError", "TableRoll", "TableSet", "load_tables"]
