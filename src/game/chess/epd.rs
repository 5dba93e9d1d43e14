//! EPD (placeholder during the split)
