"""Team X's plug-ins: each exports `MANIFEST`."""
