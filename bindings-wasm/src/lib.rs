use wasm_bindgen::prelude::*;
