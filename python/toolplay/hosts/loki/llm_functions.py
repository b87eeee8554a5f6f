"""llm-functions' `scripts/build-declarations.py` (sigoden/llm-functions e5f9a98, MIT), in-process.

The functions are the reference's, kept line for line so its quirks stay (the whole tree is
walked, `self` becomes a parameter, defaults are ignored, a one-value `Literal` crashes). Where
the reference script dies, the result is what `Argcfile.sh` shows: the last line of the
traceback and the exit code, `{"error": "ValueError: ...", "exit_code": 1}`.
"""

from __future__ import annotations

import ast
import os
import re
import traceback
import warnings
from collections import OrderedDict

TOOL_ENTRY_FUNC = "run"


def llmf_declarations(path: str, lines: list[int] | None = None) -> list | dict:
    """`python scripts/build-declarations.py tools/<stem>.py` (or agents/<x>/tools.py).

    `lines`, when given, receives the line of each declaration's `def`."""
    is_tool = os.path.basename(os.path.dirname(os.path.abspath(path))) == "tools"
    try:
        with open(path, "r", encoding="utf-8") as f:
            contents = f.read()
        declarations, def_lines = [], []
        with warnings.catch_warnings():  # the script's SyntaxWarnings go to stderr, not into the result
            warnings.simplefilter("ignore")
            functions = extract_functions(contents, is_tool)
        for func_name, docstring, func_args, lineno in functions:
            description, params = parse_docstring(docstring)
            if not description:
                continue
            declarations.append(build_declaration(func_name, description, params, func_args))
            def_lines.append(lineno)
    except Exception as exc:  # the script would die here: report its last stderr line
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return {"error": last, "exit_code": 1}
    if is_tool and declarations:
        declarations, def_lines = declarations[0:1], def_lines[0:1]
        declarations[0]["name"] = os.path.splitext(os.path.basename(path))[0]
    if lines is not None:
        lines.extend(def_lines)
    return declarations


def extract_functions(contents: str, is_tool: bool):
    tree = ast.parse(contents)
    output = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        func_name = node.name
        if is_tool and func_name != TOOL_ENTRY_FUNC:
            continue
        if func_name.startswith("_"):
            continue
        docstring = ast.get_docstring(node) or ""
        func_args = OrderedDict()
        for arg in node.args.args:
            func_args[arg.arg] = get_arg_type(arg.annotation)
        output.append((func_name, docstring, func_args, node.lineno))
    return output


def get_arg_type(annotation) -> str:
    if annotation is None:
        return ""
    elif isinstance(annotation, ast.Name):
        return annotation.id
    elif isinstance(annotation, ast.Subscript):
        if isinstance(annotation.value, ast.Name):
            type_name = annotation.value.id
            if type_name == "List":
                child = get_arg_type(annotation.slice)
                return f"list[{child}]"
            if type_name == "Literal":
                literals = [ast.unparse(el) for el in annotation.slice.elts]
                return f"{'|'.join(literals)}"
            if type_name == "Optional":
                child = get_arg_type(annotation.slice)
                return f"{child}?"
    return "any"


def parse_docstring(docstring: str):
    description = ""
    raw_params = []
    is_in_args = False
    for line in docstring.splitlines():
        if not is_in_args:
            if line.startswith("Args:"):
                is_in_args = True
            else:
                description += f"\n{line}"
            continue
        if re.search(r"^\s+", line):
            raw_params.append(line.strip())
        else:
            break
    params = {}
    for raw_param in raw_params:
        name, type_, param_description = parse_param(raw_param)
        params[name] = (type_, param_description)
    return (description.strip(), params)


def parse_param(raw_param: str):
    name = ""
    description = ""
    type_from_comment = ""
    if ":" in raw_param:
        name, description = raw_param.split(":", 1)
        name = name.strip()
        description = description.strip()
    else:
        name = raw_param
    if " " in name:
        name, type_from_comment = name.split(" ", 1)
        type_from_comment = type_from_comment.strip()
    if type_from_comment.startswith("(") and type_from_comment.endswith(")"):
        type_from_comment = type_from_comment[1:-1]
    type_parts = [value.strip() for value in type_from_comment.split(",")]
    type_ = type_parts[0]
    if "optional" in type_parts[1:]:
        type_ = f"{type_}?"
    return (name, type_, description)


def build_declaration(name: str, description: str, params: dict, args: OrderedDict) -> dict:
    declaration = {"name": name, "description": description, "parameters": {"type": "object", "properties": {}}}
    schema = declaration["parameters"]
    required_params = []
    for arg_name, arg_type in args.items():
        type_ = arg_type
        description = ""
        required = True
        if params.get(arg_name):
            param_type, description = params[arg_name]
            if not type_:
                type_ = param_type
        if type_.endswith("?"):
            type_ = type_[:-1]
            required = False
        try:
            prop = build_property(type_, description)
        except Exception:
            raise ValueError(f"Unable to parse arg '{arg_name}' of function '{name}'")
        schema["properties"][arg_name] = prop
        if required:
            required_params.append(arg_name)
    if required_params:
        schema["required"] = required_params
    return declaration


def build_property(type_: str, description: str) -> dict:
    prop: dict = {}
    if "|" in type_:
        prop["type"] = "string"
        prop["enum"] = type_.replace("'", "").split("|")
    elif type_ == "bool":
        prop["type"] = "boolean"
    elif type_ == "str":
        prop["type"] = "string"
    elif type_ == "int":
        prop["type"] = "integer"
    elif type_ == "float":
        prop["type"] = "number"
    elif type_ == "list[str]":
        prop["type"] = "array"
        prop["items"] = {"type": "string"}
    elif type_ == "":
        prop["type"] = "string"
    else:
        raise ValueError(f"Unsupported type `{type_}`")
    prop["description"] = description
    return prop
